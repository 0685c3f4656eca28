// Login cards travel from the dialog that made them to the print page in memory only: first passwords are
// shown once and never written to storage (a reload of the print page finds nothing).
import { http } from '../../../../../lib/http';

export interface LoginCard {
  userId: string;
  realname: string | null;
  username: string;
  password: string;
  className?: string;
  grade?: string | null;
}

export const PRINT_CARDS_PATH = '/print/login-cards';

let held: { title: string; cards: LoginCard[] } | null = null;

export function holdCards(title: string, cards: LoginCard[]) {
  held = { title, cards };
}

/** The cards handed over, for the print page. */
export function heldCards() {
  return held;
}

/**
 * Forgets the cards once the print page is left. Not when it is only mounted again (the route guard may
 * remount it while the menu loads, which found nothing when the first mount had taken the cards).
 */
export function releaseCards() {
  setTimeout(() => {
    if (window.location.pathname !== PRINT_CARDS_PATH) held = null;
  }, 0);
}

export function printClassCards(classId: string, userIds?: string[]) {
  return http.post<{ className: string; grade: string | null; cards: LoginCard[] }>('/students/class/loginCards', { classId, userIds });
}

export function resetStudentPassword(classId: string, userId: string) {
  return http.post<LoginCard>('/students/class/resetStudentPassword', { classId, userId });
}
