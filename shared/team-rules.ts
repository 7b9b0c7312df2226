// Teams (docs/product.md, "Teams"): the numbers and the words the server and the team screens share. Free of
// zod: the SPA imports it; shared/api-schemas.ts builds the bodies from it.
import type { Language } from './language.ts';

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * A member as the dashboard shows them: invited (no account joined yet), joined, photos ready, generating,
 * done (has finished team avatars), chosen (marked one "Chosen for my team"), left (removed, gone, or their
 * account deleted).
 */
export const MEMBER_STATUSES = [
  'invited',
  'joined',
  'photos_ready',
  'generating',
  'done',
  'chosen',
  'left',
] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const TEAM_LIMITS = {
  /** seats one checkout may buy */
  minSeatsPerCheckout: 1,
  maxSeatsPerCheckout: 500,
  /** avatars one seat lets its member create from the team's allowance */
  avatarsPerSeat: 40,
  /** emails one invitation request may carry */
  maxInvitesPerRequest: 500,
  /** an open link's life, in days */
  minLinkDays: 1,
  maxLinkDays: 90,
  /** an open link's use cap */
  maxLinkUses: 500,
  /** company email domains a team or a link may list */
  maxDomains: 20,
  nameMaxLength: 100,
  /** members per dashboard page (and the most a page may ask for) */
  membersPageSize: 50,
  maxMembersPageSize: 100,
  /** one reminder email per member per this many seconds */
  remindEverySeconds: 24 * 60 * 60,
  /**
   * extra retries an owner or admin may grant one member on one seat (each one more avatar), so a seat's
   * allowance stays bounded: 40 + 10 at most (docs/product.md, "Teams")
   */
  maxRetryGrantsPerSeat: 10,
  /**
   * invitations pending (invited, not joined) beyond the free seats: this share of the seats bought, rounded
   * up (maxPendingInvites below; docs/product.md, "Teams")
   */
  inviteMarginPercent: 10,
  /** one address is emailed by a team (an invitation or a reminder) at most once in this many seconds */
  addressEmailEverySeconds: 24 * 60 * 60,
} as const;

/**
 * How many invitations a team may have pending at once: its free seats plus 10 % of the seats it bought
 * (for people who never answer), so a team with no seat invites nobody (docs/product.md, "Teams").
 */
export function maxPendingInvites(seatsTotal: number, seatsUsed: number): number {
  return (
    Math.max(0, seatsTotal - seatsUsed) + Math.ceil((seatsTotal * TEAM_LIMITS.inviteMarginPercent) / 100)
  );
}

/**
 * Emails a team may send in a day (docs/product.md, "Teams"): invitations, twice its seats plus 10 (everyone
 * invited, and as many again after removals); reminders, three times its seats plus 10 (every member and
 * every pending invitation reminded once a day, with room to spare).
 */
export function teamEmailsPerDay(kind: 'invite' | 'remind', seatsTotal: number): number {
  return (kind === 'invite' ? 2 : 3) * seatsTotal + 10;
}

/** What a team name may not hold, in the order it is checked (teamNameProblem). */
export type TeamNameProblem = 'nameLineBreak' | 'nameControl' | 'nameAddress' | 'nameAt' | 'nameHeader';

/**
 * Why a team name cannot be used, or null: it goes into the subject and body of the emails the team sends
 * (docs/product.md, "Teams"), so it holds no line break, no control or invisible character, nothing like a
 * web address (`http`, `www.`, `example.com`, `x.tld/`), no `@` and no email header (`Bcc:`). Checked on the
 * text as mail readers show it (NFKC: full-width letters and dots are the plain ones).
 */
export function teamNameProblem(name: string): TeamNameProblem | null {
  const shown = name.normalize('NFKC');
  if (/[\r\n\u0085\u2028\u2029\v\f]/u.test(shown)) return 'nameLineBreak';
  if (/[\p{Cc}\p{Cf}]/u.test(shown)) return 'nameControl';
  if (/https?|www[.\u3002\uff61]|[\p{L}\p{N}-][.\u3002\uff61][\p{L}]{2,}/iu.test(shown)) return 'nameAddress';
  if (/[@\uff20\ufe6b]/u.test(shown)) return 'nameAt';
  if (/\b(bcc|cc|to|from|subject|reply-to|sender|content-type|mime-version)\s*:/iu.test(shown))
    return 'nameHeader';
  return null;
}

/** How long until a team may email again, in words: "45 minutes", "3 hours" (rounded up). */
export function waitWords(seconds: number, lang: Language): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const [n, unit] =
    minutes < 60 ? [minutes, 'minute'] : [Math.ceil(minutes / 60), lang === 'fr' ? 'heure' : 'hour'];
  return `${n}\u00a0${unit}${n > 1 ? 's' : ''}`;
}

/** The refusals that carry a number (docs/product.md, "Teams"): the server's words and the team page's. */
export const TEAM_LIMIT_WORDS = {
  notEnoughSeats: (canInvite: number, lang: Language): string =>
    lang === 'fr'
      ? canInvite === 0
        ? "Les invitations demandent des places libres\u00a0: votre équipe ne peut inviter personne de plus pour l'instant. Achetez des places, ou retirez les invitations restées sans réponse."
        : `Les invitations demandent des places libres\u00a0: votre équipe peut encore inviter ${canInvite}\u00a0personne${canInvite > 1 ? 's' : ''} (ses places libres plus 10\u00a0%). Achetez des places pour en inviter davantage.`
      : canInvite === 0
        ? 'Invitations need free seats: your team cannot invite anyone more for now. Buy seats, or remove the invitations nobody answered.'
        : `Invitations need free seats: your team can invite ${canInvite} more ${canInvite > 1 ? 'people' : 'person'} now (its free seats plus 10%). Buy seats to invite more.`,
  inviteEmailsToday: (seconds: number, lang: Language): string =>
    lang === 'fr'
      ? `Votre équipe a envoyé toutes les invitations permises aujourd'hui\u00a0: vous pourrez en envoyer d'autres dans ${waitWords(seconds, lang)}.`
      : `Your team has sent as many invitation emails as it may today: you can send more in ${waitWords(seconds, lang)}.`,
  remindersToday: (seconds: number, lang: Language): string =>
    lang === 'fr'
      ? `Votre équipe a envoyé tous les rappels permis aujourd'hui\u00a0: vous pourrez en envoyer d'autres dans ${waitWords(seconds, lang)}.`
      : `Your team has sent as many reminders as it may today: you can send more in ${waitWords(seconds, lang)}.`,
  recentlyEmailed: (seconds: number, lang: Language): string =>
    lang === 'fr'
      ? `Votre équipe a écrit à cette personne il y a moins de 24\u00a0heures\u00a0: vous pourrez lui écrire de nouveau dans ${waitWords(seconds, lang)}.`
      : `Your team emailed this person less than 24 hours ago: you can email them again in ${waitWords(seconds, lang)}.`,
};

/** What a refusal says, in the words (English) and ours (French). */
export const TEAM_MESSAGES = {
  noSeat: {
    en: 'No seat left: ask your team admin',
    fr: "Plus aucune place libre\u00a0: demandez à l'administrateur de votre équipe",
  },
  capReached: {
    en: 'This invitation link has been used as many times as allowed: ask your team admin for a new one',
    fr: "Ce lien d'invitation a atteint son nombre d'utilisations\u00a0: demandez-en un nouveau à l'administrateur de votre équipe",
  },
  alreadyInTeam: {
    en: 'You already belong to a team: leave it before joining another one',
    fr: "Vous faites déjà partie d'une équipe\u00a0: quittez-la avant d'en rejoindre une autre",
  },
  /** a dashboard row whose account was deleted, when the team kept no address of it (team-departures.ts) */
  deletedMember: {
    en: 'A member (account deleted)',
    fr: "Une personne de l'équipe (compte supprimé)",
  },
  /** after the address the team invited, on a deleted account's row */
  accountDeleted: {
    en: '(account deleted)',
    fr: '(compte supprimé)',
  },
  /** one seat per mailbox: `p+1@` and `p+2@` (or Gmail's dotted forms) reach the same one */
  mailboxHasSeat: {
    en: 'This mailbox already has a seat in this team under another address (a +tag or dots reach the same mailbox)',
    fr: 'Cette boîte mail a déjà une place dans cette équipe sous une autre adresse (un +tag ou des points mènent à la même boîte)',
  },
  domainRefused: {
    en: "This invitation is for the team's company email addresses: sign in with your work email",
    fr: "Cette invitation est réservée aux adresses e-mail de l'entreprise\u00a0: connectez-vous avec votre e-mail professionnel",
  },
  linkRevoked: {
    en: 'This invitation link was revoked: ask your team admin for a new one',
    fr: "Ce lien d'invitation a été révoqué\u00a0: demandez-en un nouveau à l'administrateur de votre équipe",
  },
  linkExpired: {
    en: 'This invitation link has expired: ask your team admin for a new one',
    fr: "Ce lien d'invitation a expiré\u00a0: demandez-en un nouveau à l'administrateur de votre équipe",
  },
  inviteForAnother: {
    en: 'This invitation was sent to another email address: sign in with the address it was sent to',
    fr: "Cette invitation a été envoyée à une autre adresse e-mail\u00a0: connectez-vous avec l'adresse qui l'a reçue",
  },
  emailNotVerified: {
    en: 'Verify your email address before joining a team',
    fr: 'Vérifiez votre adresse e-mail avant de rejoindre une équipe',
  },
  styleNotAllowed: {
    en: 'Your team does not allow this style: pick one of the styles your team allows',
    fr: "Votre équipe n'autorise pas ce style\u00a0: choisissez l'un des styles autorisés par votre équipe",
  },
  comboNotAllowed: {
    en: 'Your team does not allow this backdrop and outfit: pick one of the combinations your team allows',
    fr: "Votre équipe n'autorise pas ce fond et cette tenue\u00a0: choisissez l'une des combinaisons autorisées par votre équipe",
  },
  noAllowance: {
    en: 'Your team allowance is used up: ask your team admin for a retry',
    fr: "L'allocation de votre équipe est épuisée\u00a0: demandez un nouvel essai à l'administrateur de votre équipe",
  },
  retryCapReached: {
    en: 'This member already has the most extra retries a seat allows (10)',
    fr: "Ce membre a déjà reçu le nombre maximal de nouveaux essais qu'une place permet (10)",
  },
  remindedToday: {
    en: 'This member was already reminded today: try again tomorrow',
    fr: "Ce membre a déjà reçu un rappel aujourd'hui\u00a0: réessayez demain",
  },
  notTeamAdmin: {
    en: 'Only the team owner and admins can do this',
    fr: "Seuls le propriétaire et les administrateurs de l'équipe peuvent faire cela",
  },
  notTeamOwner: {
    en: 'Only the team owner can do this',
    fr: "Seul le propriétaire de l'équipe peut faire cela",
  },
  teamNotFound: {
    en: 'Team not found',
    fr: 'Équipe introuvable',
  },
  teamDissolved: {
    en: 'This team no longer exists: its owner deleted their account',
    fr: "Cette équipe n'existe plus\u00a0: son propriétaire a supprimé son compte",
  },
  noTeam: {
    en: 'You do not belong to a team',
    fr: "Vous ne faites partie d'aucune équipe",
  },
  memberNotFound: {
    en: 'Member not found',
    fr: 'Membre introuvable',
  },
  linkNotFound: {
    en: 'This invitation link does not exist',
    fr: "Ce lien d'invitation n'existe pas",
  },
  ownerStays: {
    en: 'The team owner cannot be removed from the team',
    fr: "Le propriétaire de l'équipe ne peut pas en être retiré",
  },
  invalidDomain: {
    en: 'Enter company email domains such as example.com',
    fr: 'Saisissez des domaines e-mail d’entreprise comme example.com',
  },
  noSeatToTake: {
    en: 'No free seat: buy a seat to take one for yourself',
    fr: 'Aucune place libre\u00a0: achetez une place pour en prendre une vous-même',
  },
  alreadySeated: {
    en: 'You already hold a seat in this team',
    fr: 'Vous occupez déjà une place dans cette équipe',
  },
  noOwnSeat: {
    en: 'You do not hold a seat in this team',
    fr: "Vous n'occupez pas de place dans cette équipe",
  },
  noneChosen: {
    en: 'No member has chosen a headshot for the team yet',
    fr: "Aucun membre n'a encore choisi de photo pour l'équipe",
  },
  nameLineBreak: {
    en: 'A team name is one line: remove the line breaks',
    fr: "Le nom d'une équipe tient sur une ligne\u00a0: retirez les retours à la ligne",
  },
  nameControl: {
    en: 'A team name cannot contain control or invisible characters',
    fr: "Le nom d'une équipe ne peut pas contenir de caractères de contrôle ou invisibles",
  },
  nameAddress: {
    en: 'A team name cannot contain a web address or a domain name (such as www, http or example.com)',
    fr: "Le nom d'une équipe ne peut pas contenir d'adresse web ni de nom de domaine (comme www, http ou example.com)",
  },
  nameAt: {
    en: 'A team name cannot contain @ or an email address',
    fr: "Le nom d'une équipe ne peut pas contenir d'@ ni d'adresse e-mail",
  },
  nameHeader: {
    en: 'A team name cannot contain email header words such as "Bcc:" or "Subject:"',
    fr: "Le nom d'une équipe ne peut pas contenir de mots d'en-tête d'e-mail comme «\u00a0Bcc:\u00a0» ou «\u00a0Subject:\u00a0»",
  },
  notChosenYet: {
    en: 'Only a finished team avatar can be chosen for your team',
    fr: "Seul un avatar d'équipe terminé peut être choisi pour votre équipe",
  },
} as const satisfies Record<string, Record<Language, string>>;
export type TeamMessageId = keyof typeof TEAM_MESSAGES;

/**
 * What the join screen says the team will see (docs/faces.md: nothing a member uploads reaches their
 * employer).
 */
export const TEAM_VISIBILITY_NOTICE: Record<Language, string> = {
  en: 'Your team sees your name, your email, your progress and the one avatar you choose for your team. It never sees your photos or your other avatars.',
  fr: "Votre équipe voit votre nom, votre e-mail, votre avancement et l'avatar que vous choisissez pour elle. Elle ne voit jamais vos photos ni vos autres avatars.",
};

/**
 * A team seat (docs/product.md, "Teams"): one member's allowance of TEAM_LIMITS.avatarsPerSeat avatars,
 * bought by the team at this tax-inclusive price each, 1 to 500 at a time.
 */
export const TEAM_SEAT = { id: 'team-seat', kind: 'seat', priceCents: 2900, name: 'Team seat' } as const;
