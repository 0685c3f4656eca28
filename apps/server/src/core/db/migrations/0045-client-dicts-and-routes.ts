import type { Kysely, Migration } from 'kysely';
import { EN } from '@anxue/shared/i18n-en';
import { formatDateTime, seedId } from '../time';
import { CLIENT_DICT_SEEDS } from '../seed/dicts-client';
import { CLIENT_ROUTE_MENUS } from '../seed/menus-client';

// Installs seeded before these shipped get them here, as the seed gives a fresh install: the dictionaries
// the original 3.9 client reads by code (messageHref, rangeDate, …) and the hidden routes it opens by
// itself (/system/usersetting, /monitor/mynews). Existing rows, or a dictionary an administrator already
// made under the same code, are kept.
export const clientDictsAndRoutes: Migration = {
  async up(db: Kysely<any>) {
    const root = await db.selectFrom('sys_permission').select('id').where('id', '=', seedId('menu.system')).executeTakeFirst();
    if (!root) return; // not seeded yet: the seed adds all of it
    const now = formatDateTime(new Date());
    const audit = { create_by: 'system', create_time: now };
    for (const d of CLIENT_DICT_SEEDS) {
      await db.insertInto('sys_dict').values({ id: seedId(`dict.${d.code}`), dict_code: d.code, dict_name: d.name, ...audit }).onConflict((oc) => oc.doNothing()).execute();
      const dict = await db.selectFrom('sys_dict').select('id').where('dict_code', '=', d.code).executeTakeFirstOrThrow();
      if (dict.id !== seedId(`dict.${d.code}`)) continue;
      for (const [i, [value, text, color]] of d.items.entries()) {
        await db
          .insertInto('sys_dict_item')
          .values({ id: seedId(`dict.${d.code}.${value}`), dict_id: dict.id, item_value: value, item_text: text, item_color: color ?? null, sort_order: i + 1, status: 1, ...audit })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    for (const m of CLIENT_ROUTE_MENUS) {
      await db
        .insertInto('sys_permission')
        .values({
          id: seedId(`menu.${m.key}`), parent_id: m.parent ? seedId(`menu.${m.parent}`) : null, name: m.name, name_en: Object.hasOwn(EN, m.name) ? EN[m.name] : null,
          url: m.url ?? null, component: m.component ?? null, menu_type: m.menuType, perms_type: '1', sort_no: m.sortNo, is_route: 1, is_leaf: 1,
          keep_alive: 0, hidden: m.hidden ? 1 : 0, always_show: 0, status: '1', ...audit,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  },
  async down(db: Kysely<any>) {
    await db.deleteFrom('sys_permission').where('id', 'in', CLIENT_ROUTE_MENUS.map((m) => seedId(`menu.${m.key}`))).execute();
    const ids = CLIENT_DICT_SEEDS.map((d) => seedId(`dict.${d.code}`));
    await db.deleteFrom('sys_dict_item').where('dict_id', 'in', ids).execute();
    await db.deleteFrom('sys_dict').where('id', 'in', ids).execute();
  },
};
