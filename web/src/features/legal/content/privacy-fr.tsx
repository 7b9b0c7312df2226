// Politique de confidentialité, en français. Prerendered only.
// Same two readings of photo deletion as the English text (see privacy-en.tsx).
import { PHOTO_RETENTION_DAYS } from '#shared/photo-rules.ts';
import { BACKUP_DAYS } from '#shared/table-design.ts';
import { ContactEmail, TermsLink } from '../components/legal-parts.tsx';
import type { LegalText } from './legal-text.ts';

export const PRIVACY_FR: LegalText = {
  title: 'Politique de confidentialité',
  updated: '2026-11-27',
  intro: (
    <p>
      Cette politique explique quelles données personnelles Aivatar collecte, pourquoi, combien de temps nous
      les conservons et quels droits vous avez sur elles. Le responsable du traitement est la société
      identifiée dans les informations sur l'éditeur ci-dessous. Elle complète nos{' '}
      <TermsLink>conditions générales d'utilisation</TermsLink>.
    </p>
  ),
  sections: [
    {
      id: 'data-collected',
      title: 'Données collectées',
      body: (
        <ul>
          <li>
            <strong>Données de compte :</strong> vos nom, adresse e-mail et mot de passe (conservé uniquement
            sous forme d'empreinte sécurisée). Si vous vous connectez avec Google, celui-ci nous transmet
            votre adresse e-mail.
          </li>
          <li>
            <strong>Photos :</strong> les photos de référence que vous importez, ainsi que les avatars et
            portraits générés à partir d'elles.
          </li>
          <li>
            <strong>Mesures du visage :</strong> Quand vous importez une photo, nos propres serveurs (et non
            le prestataire d'IA) y recherchent les visages, pour refuser les photos sans visage ou avec
            plusieurs personnes avant que vous ne dépensiez le moindre jeton, et pour vous avertir quand un
            visage est petit, flou ou peut-être celui de quelqu'un d'autre. À partir du visage, nous calculons
            une série de 128 nombres qui en décrit les traits. Quand un avatar est prêt, nous calculons les
            mêmes nombres pour son visage et les comparons à ceux de vos photos pour lui donner un score de
            ressemblance, et le rembourser automatiquement s'il ne vous ressemble pas assez. Ces nombres sont
            des données biométriques. Ils sont conservés uniquement avec la photo dont ils proviennent, ne
            sont jamais affichés, journalisés, exportés ni transmis à quiconque, et sont supprimés avec cette
            photo : quand vous la supprimez (ou qu'elle est supprimée parce que vous avez demandé la
            suppression de vos photos dès que vos avatars sont prêts), quand vous supprimez votre compte, et
            dans tous les cas {PHOTO_RETENTION_DAYS} jours après l'import, notre base de données les effaçant
            dans les quelques jours qui suivent cette date. Comme tout ce qui est supprimé de notre base de
            données, ils restent ensuite dans ses sauvegardes {BACKUP_DAYS} jours au plus (voir Stockage et
            durée de conservation). Votre export de données indique quelles photos ont été mesurées, et
            pourquoi, sans les nombres eux-mêmes.
          </li>
          <li>
            <strong>Achats :</strong> les packs et l'abonnement que vous achetez, leurs montants et dates, et
            votre solde de jetons. Les données de carte sont collectées par notre prestataire de paiement ;
            nous ne voyons jamais votre numéro de carte complet.
          </li>
          <li>
            <strong>Données d'utilisation :</strong> des informations techniques comme votre adresse IP, le
            type de navigateur, les pages et fonctions utilisées, les dates et heures, et les journaux
            d'erreurs.
          </li>
          <li>
            <strong>Messages :</strong> ce que vous nous écrivez lorsque vous contactez le support.
          </li>
        </ul>
      ),
    },
    {
      id: 'usage',
      title: 'Utilisation des données',
      body: (
        <>
          <p>Nous utilisons vos données pour :</p>
          <ul>
            <li>
              créer et gérer votre compte et vous fournir le service (exécution du contrat qui nous lie) ;
            </li>
            <li>
              générer vos images avec notre prestataire d'IA, uniquement avec votre consentement, recueilli
              sur la page d'import ;
            </li>
            <li>encaisser les paiements, tenir notre comptabilité et respecter nos obligations légales ;</li>
            <li>
              sécuriser le service, prévenir la fraude et les abus, et comprendre l'usage du service pour
              l'améliorer (notre intérêt légitime) ;
            </li>
            <li>
              vous envoyer les e-mails nécessaires au service (activation du compte, liens de connexion,
              reçus) et, si vous l'acceptez, nos actualités et offres.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'storage-retention',
      title: 'Stockage et durée de conservation',
      body: (
        <>
          <p>Vos données sont stockées sur les serveurs d'Amazon Web Services, notre hébergeur.</p>
          <ul>
            <li>
              <strong>Les données de compte</strong> sont conservées tant que votre compte est ouvert et
              supprimées à sa fermeture, sauf celles que la loi nous oblige à garder, comme les factures, pour
              la durée qu'elle impose. Nous gardons aussi une empreinte irréversible (hachage) de votre
              adresse e-mail, qui n'est liée à rien d'autre, pour que les jetons de bienvenue gratuits ne
              soient offerts qu'une fois par adresse.
            </li>
            <li>
              <strong>Les photos importées</strong> sont supprimées automatiquement une fois la génération
              terminée si vous le demandez : c'est désactivé tant que vous n'avez pas coché « Supprimer mes
              photos dès que mes avatars sont prêts » sur votre tableau de bord (Mes photos), et vos photos
              sont alors supprimées quand tous les avatars demandés sont terminés, si au moins l'un d'eux a
              été créé. Vous pouvez aussi supprimer vos photos vous-même à tout moment depuis votre tableau de
              bord. Dans tous les cas, {PHOTO_RETENTION_DAYS} jours après son import, chaque photo est retirée
              automatiquement de votre compte, et notre stockage l'efface dans les quelques jours qui suivent
              cette date. Les données de localisation et d'appareil (EXIF) sont retirées des photos à
              l'import.
            </li>
            <li>
              <strong>Les images générées</strong> restent dans votre galerie jusqu'à ce que vous les
              supprimiez ou fermiez votre compte.
            </li>
            <li>
              <strong>Les données d'utilisation</strong> sont conservées 24 mois au maximum.
            </li>
            <li>
              <strong>Sauvegardes :</strong> notre base de données est sauvegardée en continu sur{' '}
              {BACKUP_DAYS} jours, pour que le service puisse être restauré après un incident. Ce qui est
              supprimé de la base (données de compte, fiches de vos photos et leurs mesures du visage) reste
              donc dans ces sauvegardes {BACKUP_DAYS} jours au plus après sa suppression. Les fichiers des
              photos et des images n'y figurent pas.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Partage des données',
      body: (
        <>
          <p>
            Nous ne vendons pas vos données personnelles. Nous les partageons uniquement avec les prestataires
            qui font fonctionner le service pour nous :
          </p>
          <ul>
            <li>Amazon Web Services, pour l'hébergement, le stockage et l'envoi des e-mails ;</li>
            <li>notre prestataire d'IA tiers, qui reçoit vos photos pour générer vos images ;</li>
            <li>notre prestataire de paiement, qui traite les paiements et les abonnements ;</li>
            <li>Google, si vous choisissez de vous connecter avec votre compte Google.</li>
          </ul>
          <p>
            Nous pouvons aussi communiquer des données lorsque la loi l'exige, pour protéger nos droits ou la
            sécurité d'autrui, ou à un repreneur en cas de cession du service, qui sera alors tenu par cette
            politique.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Vos droits (Union européenne et Californie)',
      body: (
        <>
          <p>
            <strong>Dans l'Union européenne</strong> (RGPD), vous pouvez accéder à vos données, les faire
            rectifier ou effacer, en limiter le traitement ou vous y opposer, les recevoir dans un format
            portable, et retirer votre consentement à tout moment sans remettre en cause les traitements
            antérieurs. Vous pouvez aussi introduire une réclamation auprès de l'autorité de protection des
            données de votre pays (en France, la CNIL).
          </p>
          <p>
            <strong>En Californie</strong> (CCPA, modifié par le CPRA), vous avez le droit de savoir quelles
            informations personnelles nous collectons et comment nous les utilisons, de les faire supprimer ou
            corriger, de vous opposer à leur vente ou à leur partage (nous ne les vendons pas et ne les
            partageons pas à des fins de publicité ciblée), de limiter l'usage des informations sensibles, et
            de ne subir aucune discrimination pour avoir exercé ces droits.
          </p>
          <p>
            Pour exercer ces droits, écrivez à <ContactEmail />. Nous pourrons vous demander de confirmer
            votre identité et vous répondrons dans le délai prévu par la loi (un mois selon le RGPD, 45 jours
            selon le CCPA).
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies et stockage local',
      body: (
        <p>
          Nous n'utilisons aucun cookie publicitaire ni de mesure d'audience. Pour vous garder connecté, votre
          navigateur conserve un jeton de session dans son stockage local ; il est effacé à la déconnexion. La
          connexion avec Google peut déposer un cookie de courte durée qui sécurise cette connexion. Ces
          éléments sont strictement nécessaires au service et ne requièrent pas de consentement.
        </p>
      ),
    },
    {
      id: 'email-marketing',
      title: 'Prospection par e-mail',
      body: (
        <p>
          En dehors des e-mails nécessaires au service, nous ne vous envoyons nos actualités et offres (par
          exemple de nouveaux styles) que si vous avez accepté de les recevoir, ou dans les cas où la loi le
          permet pour des services analogues à ceux que vous avez achetés. Chacun de ces e-mails comporte un
          lien de désinscription, et vous pouvez aussi écrire à <ContactEmail /> pour ne plus les recevoir.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Mineurs',
      body: (
        <p>
          Le service s'adresse aux adultes : vous devez avoir 18 ans ou plus, ou disposer de l'accord d'un
          parent ou représentant légal. Des photos de mineurs ne peuvent être importées qu'avec l'accord de
          leur parent ou représentant légal. Si vous pensez qu'un enfant nous a transmis des données
          personnelles sans cet accord, contactez-nous : nous les supprimerons.
        </p>
      ),
    },
    {
      id: 'international-transfers',
      title: "Transferts hors de l'Union européenne",
      body: (
        <p>
          Certains de nos prestataires, comme le prestataire d'IA, le prestataire de paiement ou Google,
          peuvent traiter des données hors de l'Espace économique européen, par exemple aux États-Unis. Ces
          transferts sont alors encadrés par une décision d'adéquation de la Commission européenne ou par ses
          clauses contractuelles types.
        </p>
      ),
    },
    {
      id: 'ai-provider',
      title: "Prestataire d'IA",
      body: (
        <>
          <p>
            Vos photos sont traitées par un prestataire d'IA tiers pour générer vos avatars et portraits. Nous
            ne les lui transmettons qu'après votre consentement sur la page d'import, où la politique de ce
            prestataire est indiquée, et uniquement dans ce but.
          </p>
          <p>
            Vous pouvez retirer votre consentement à tout moment en décochant la case sur la page Mes photos,
            en cessant d'importer des photos et en supprimant celles déjà importées ; cela n'affecte pas les
            images déjà générées. Nous enregistrons la date à laquelle vous le donnez ou le retirez.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact et modifications',
      body: (
        <p>
          Pour toute question sur cette politique ou sur vos données, écrivez à <ContactEmail /> ou par
          courrier à l'adresse indiquée dans les informations sur l'éditeur. Nous vous informerons de toute
          modification importante de cette politique par e-mail ou par un avis sur le site avant son entrée en
          vigueur.
        </p>
      ),
    },
  ],
};
