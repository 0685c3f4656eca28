import type { Kysely, Migration } from 'kysely';
import { createTextIndex, dropTextIndex, type TextIndex } from '../textIndex';

// Contains-filters of the user list over a million users (issue 18): account, name, phone, e-mail and work
// number from a trigram index instead of reading every row.
export const USER_TEXT_INDEX: TextIndex = { table: 'sys_user', name: 'sys_user_text', columns: ['username', 'realname', 'phone', 'email', 'work_no'] };

export const userTextIndex: Migration = {
  async up(db: Kysely<any>) {
    await createTextIndex(db, USER_TEXT_INDEX);
  },
  async down(db: Kysely<any>) {
    await dropTextIndex(db, USER_TEXT_INDEX);
  },
};
