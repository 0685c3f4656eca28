import type { Catalogue } from './i18n';

// English of families in the student area: parents, link codes and home-school receipts.
export const EN_FAMILY: Catalogue = {
  家长: 'Parent',
  我的孩子: 'My children',
  未签收: 'Not signed',
};
