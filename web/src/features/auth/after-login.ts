// Where a successful login goes (spec section 4): /create is not a route of its own, so it falls through
// to /, which sends a signed-in user on to /app.
export const AFTER_LOGIN_PATH = '/create';
export const AFTER_PASSWORD_LOGIN_DELAY_MS = 800;
export const AFTER_LINK_LOGIN_DELAY_MS = 1000;
