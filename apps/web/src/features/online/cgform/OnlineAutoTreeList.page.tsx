// /online/cgformTreeList/<headId>: the same generated page, which shows a tree form as a tree.
export { default } from './OnlineAutoList.page';
