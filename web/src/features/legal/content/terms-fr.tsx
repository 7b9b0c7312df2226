// Conditions générales d'utilisation, en français. Prerendered
// only. Same two contradictions as the English text, kept on purpose (see terms-en.tsx).
import { ContactEmail, PackList, PrivacyLink } from '../components/legal-parts.tsx';
import type { LegalText } from './legal-text.ts';

export const TERMS_FR: LegalText = {
  title: "Conditions générales d'utilisation",
  updated: '2026-11-22',
  intro: (
    <p>
      Les présentes conditions encadrent l'utilisation d'Aivatar, le site et l'application qui transforment
      vos photos en avatars et portraits générés par IA. Elles se lisent avec notre{' '}
      <PrivacyLink>politique de confidentialité</PrivacyLink>, qui explique comment nous traitons vos données
      personnelles.
    </p>
  ),
  sections: [
    {
      id: 'general',
      title: 'Dispositions générales',
      body: (
        <>
          <p>
            Dans ces conditions, « Aivatar » et « nous » désignent la société qui exploite le service,
            identifiée dans les informations sur l'éditeur en haut de cette page ; « vous » désigne la
            personne qui utilise le service.
          </p>
          <p>
            En créant un compte ou en utilisant le service, vous acceptez ces conditions ainsi que notre{' '}
            <PrivacyLink>politique de confidentialité</PrivacyLink>. Si vous ne les acceptez pas, n'utilisez
            pas le service.
          </p>
        </>
      ),
    },
    {
      id: 'service',
      title: 'Le service',
      body: (
        <>
          <p>
            Aivatar vous permet d'importer des photos de référence de vous-même (2 à 5 selfies, 3 à 5 pour les
            portraits professionnels), de choisir parmi plus de 25 styles et de générer des avatars et des
            portraits par IA, en 30 secondes environ. Les images terminées apparaissent dans votre galerie,
            d'où vous pouvez les télécharger.
          </p>
          <p>
            Les images sont générées par un prestataire d'IA tiers. Le résultat dépend de vos photos et du
            style choisi, et varie d'une génération à l'autre. Nous ajoutons, modifions et retirons des styles
            au fil du temps, et pouvons modifier ou interrompre certaines parties du service, par exemple pour
            maintenance.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Compte utilisateur',
      body: (
        <>
          <p>
            Vous devez avoir au moins 18 ans pour créer un compte, ou disposer de l'accord d'un parent ou
            représentant légal. Vous devez fournir une adresse e-mail valide et activer votre compte avec le
            lien que nous y envoyons.
          </p>
          <p>
            Votre compte est personnel. Gardez votre mot de passe et vos liens de connexion pour vous : vous
            êtes responsable de l'usage qui est fait de votre compte. Prévenez-nous sans attendre si vous
            pensez qu'un tiers l'a utilisé. Chaque nouveau compte reçoit 2 jetons offerts ; créer plusieurs
            comptes pour les cumuler est interdit.
          </p>
        </>
      ),
    },
    {
      id: 'content',
      title: "Vos contenus et règles d'utilisation",
      body: (
        <>
          <p>
            Vous ne pouvez importer que des photos dont vous êtes propriétaire ou que vous avez le droit
            d'utiliser, et des photos d'autres personnes identifiables uniquement avec leur accord. Sont
            interdits :
          </p>
          <ul>
            <li>les photos qui ne vous appartiennent pas ou que vous n'avez pas le droit d'utiliser ;</li>
            <li>la nudité et les contenus sexuellement explicites ;</li>
            <li>les contenus violents ;</li>
            <li>
              les contenus qui portent atteinte aux droits d'autrui (droit d'auteur, marques, droit à l'image)
               ;
            </li>
            <li>les contenus illicites ;</li>
            <li>les photos de mineurs sans l'accord de leur parent ou représentant légal.</li>
          </ul>
          <p>
            Vous ne devez pas utiliser le service pour tromper, harceler ou usurper l'identité de quiconque,
            ni tenter d'en contourner les limites techniques. Nous pouvons retirer les contenus et suspendre
            les comptes qui enfreignent ces règles.
          </p>
        </>
      ),
    },
    {
      id: 'data',
      title: 'Photos et données personnelles',
      body: (
        <>
          <p>
            Vos photos sont traitées par un prestataire d'IA tiers afin de générer vos images. Nous ne les lui
            transmettons qu'après avoir recueilli votre consentement sur la page d'import, et uniquement dans
            ce but.
          </p>
          <p>
            Les photos importées sont supprimées automatiquement une fois la génération terminée. Vous pouvez
            aussi supprimer vos photos à tout moment depuis votre tableau de bord.
          </p>
          <p>
            La façon dont nous collectons, utilisons et conservons les données personnelles est décrite dans
            notre <PrivacyLink>politique de confidentialité</PrivacyLink>.
          </p>
        </>
      ),
    },
    {
      id: 'payment',
      title: 'Jetons, prix et paiement',
      body: (
        <>
          <p>
            Les jetons sont la monnaie du service : chaque style indique son coût en jetons, et la création
            d'un avatar débite ce nombre de jetons de votre solde. Nous proposons :
          </p>
          <PackList />
          <p>
            Les jetons achetés à l'unité sont des jetons à vie : ils n'expirent jamais. L'abonnement crédite
            ses jetons chaque mois ; les crédits mensuels sont renouvelés chaque mois et les jetons mensuels
            non utilisés expirent à la fin du mois. L'abonnement se renouvelle chaque mois jusqu'à sa
            résiliation. Vous pouvez le résilier à tout moment ; il reste actif jusqu'à la fin de la période
            en cours.
          </p>
          <p>
            Les prix sont indiqués en euros, toutes taxes comprises. Les paiements sont traités par notre
            prestataire de paiement ; nous ne recevons ni ne conservons votre numéro de carte. Les jetons
            n'ont aucune valeur monétaire et ne peuvent être ni cédés, ni revendus, ni échangés contre de
            l'argent.
          </p>
        </>
      ),
    },
    {
      id: 'refund',
      title: 'Remboursements',
      body: (
        <>
          <p>
            Toute vente est définitive dès qu'une génération a commencé. En lançant une génération, vous
            demandez la fourniture immédiate du contenu numérique et reconnaissez perdre ainsi votre droit de
            rétractation.
          </p>
          <p>
            Un remboursement reste à notre appréciation et n'est accordé qu'en cas de défaillance technique de
            notre part ayant empêché la fourniture du service. Dans ce cas, écrivez-nous à <ContactEmail /> en
            indiquant l'adresse e-mail de votre compte et le problème rencontré. Vos droits légaux de
            consommateur ne sont pas affectés.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Propriété intellectuelle',
      body: (
        <>
          <p>
            Le service, ses logiciels, son design, ses styles et sa marque nous appartiennent ou appartiennent
            à nos concédants. Vous conservez tous vos droits sur les photos que vous importez et nous
            autorisez à les utiliser dans le seul but de vous fournir le service.
          </p>
          <p>
            Vous pouvez utiliser les images générées pour un usage strictement personnel. Tout usage
            commercial nécessite notre autorisation écrite préalable.
          </p>
        </>
      ),
    },
    {
      id: 'disclaimer',
      title: 'Avertissement',
      body: (
        <p>
          Le service est fourni « en l'état » et « selon disponibilité ». Les images générées par IA sont des
          interprétations artistiques : nous ne garantissons pas qu'un résultat vous ressemble, convienne à un
          usage particulier ou soit exempt d'erreurs, ni que le service fonctionne sans interruption. Cela ne
          limite aucune garantie légale dont vous bénéficiez en tant que consommateur et qui ne peut être
          exclue.
        </p>
      ),
    },
    {
      id: 'limitation',
      title: 'Limitation de responsabilité',
      body: (
        <>
          <p>
            Dans les limites permises par la loi, nous ne sommes pas responsables des dommages indirects, tels
            qu'une perte de bénéfices, de données ou d'opportunités. Notre responsabilité totale pour toute
            réclamation liée au service est limitée au montant que vous nous avez payé au cours des 3 mois
            précédant le fait générateur.
          </p>
          <p>
            Rien dans ces conditions ne limite une responsabilité qui ne peut l'être légalement, notamment en
            cas de décès ou de dommage corporel causé par une négligence, de fraude ou de faute lourde.
          </p>
        </>
      ),
    },
    {
      id: 'indemnification',
      title: 'Garantie',
      body: (
        <p>
          Vous vous engagez à nous garantir contre toute réclamation, perte et frais raisonnables engagés par
          des tiers du fait des contenus que vous importez ou d'un manquement de votre part à ces conditions.
        </p>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension et résiliation',
      body: (
        <>
          <p>
            Vous pouvez cesser d'utiliser le service à tout moment et nous demander de fermer votre compte en
            écrivant à <ContactEmail />. La résiliation d'un abonnement ne ferme pas le compte.
          </p>
          <p>
            Nous pouvons suspendre ou fermer un compte qui enfreint ces conditions, après vous en avoir
            indiqué la raison, sauf si la loi ou la gravité du manquement s'y oppose. Les jetons restant sur
            un compte fermé pour manquement grave ne sont pas remboursés.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Modification des conditions',
      body: (
        <p>
          Nous pouvons mettre à jour ces conditions. Toute modification importante vous sera notifiée au moins
          30 jours avant son entrée en vigueur, par e-mail ou par un avis sur le site. Si vous ne l'acceptez
          pas, vous pouvez fermer votre compte avant qu'elle ne s'applique ; continuer à utiliser le service
          ensuite vaut acceptation.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Droit applicable et litiges',
      body: (
        <p>
          Ces conditions sont régies par le droit du pays où l'éditeur est immatriculé, indiqué dans les
          informations sur l'éditeur. Si vous êtes consommateur, vous conservez en outre la protection des
          dispositions impératives du pays où vous résidez. Contactez-nous d'abord afin que nous cherchions
          une solution amiable ; à défaut, le litige sera porté devant les juridictions compétentes.
        </p>
      ),
    },
    {
      id: 'hosting',
      title: 'Hébergement',
      body: (
        <p>
          Le site et ses données sont hébergés par Amazon Web Services : Amazon Web Services EMEA SARL, 38
          avenue John F. Kennedy, L-1855 Luxembourg.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Pour toute question sur ces conditions, écrivez-nous à <ContactEmail /> ou par courrier à l'adresse
          indiquée dans les informations sur l'éditeur, en haut de cette page.
        </p>
      ),
    },
  ],
};
