/** Where a user signed in with a first password changes it (kept apart so the guard does not load the page). */
export const FIRST_PASSWORD_PATH = '/user/change-password';
