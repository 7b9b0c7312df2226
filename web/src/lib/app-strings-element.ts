/** The id of the JSON block a prerendered page carries its language's app strings in (web/scripts/prerender.ts). */
export const APP_STRINGS_ELEMENT_ID = 'app-strings';
