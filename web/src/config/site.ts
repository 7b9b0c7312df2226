// Facts about the product that the copy refers to.

/** Where the footer's contact link writes to. */
export const CONTACT_EMAIL = 'support@aivatar.app';
