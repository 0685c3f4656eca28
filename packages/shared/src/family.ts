// Families in the student area: a parent (role 家长) linked to their children, who sees the children's
// assignments and results and signs the home-school receipt (家校回执). What the calls answer.
import type { MyAssignment } from './assignment';

/** Every call of a parent (/students/family/*) needs it; the 家长 role holds it. */
export const FAMILY_PERMISSION = 'students:family';
export const PARENT_ROLE = 'parent';
/** A child has at most this many linked parents. */
export const MAX_PARENTS = 2;
/** A teacher's one-time link code is good this many days. */
export const PARENT_CODE_DAYS = 7;
/** The link code's letters (no 0/O, 1/I/L) and length: typed by a parent from a note or a message. */
export const PARENT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PARENT_CODE_LENGTH = 8;

/** A linked child (GET /students/family/children). */
export interface FamilyChild {
  id: string;
  realname: string;
  /** the child's classes in the parent's tenant */
  classes: string[];
  /** assignments open and not finished before their due time */
  todo: number;
  overdue: number;
  /** assignments that ask for a receipt the family has not signed yet */
  receiptsToSign: number;
}

/** A child's assignment as their parent sees it (GET /students/family/assignments). */
export interface ChildAssignment extends MyAssignment {
  /** when a parent signed the receipt ('YYYY-MM-DD HH:mm:ss'), null when not (or none asked) */
  receiptAt: string | null;
  /** the name of the parent who signed it */
  receiptBy: string | null;
}

/** POST /students/family/linkCode: the code a teacher hands to a family, once. */
export interface ParentLinkCode {
  code: string;
  expireTime: string;
  realname: string;
}

/** POST /students/family/link: the child the code linked. */
export interface LinkedChild {
  id: string;
  realname: string;
}

/** A child's linked parent as the class's teacher sees it (GET /students/family/parents). */
export interface ChildParent {
  id: string;
  realname: string;
  /** the parent's phone with its middle hidden (139****0001), null when none */
  phone: string | null;
  via: 'phone' | 'code';
  /** when linked ('YYYY-MM-DD HH:mm:ss') */
  since: string | null;
}
