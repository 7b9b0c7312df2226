// A page's <title>: its own name, then the brand, which never shows twice ("Log in to Aivatar", not
// "Log in to Aivatar · Aivatar").
const BRAND = 'Aivatar';

export const documentTitle = (name: string): string => (name.includes(BRAND) ? name : `${name} · ${BRAND}`);
