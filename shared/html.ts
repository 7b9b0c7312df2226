// Escaping text for HTML, written once: the prerendered pages' head, the account emails and the local
// outbox page all put text into HTML or into attribute values.

/** Text safe inside an element or a quoted attribute value: & < > " ' become numeric references. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
