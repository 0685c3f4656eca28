/** 应用版本 (migration 0031): the mobile app's current release per app key, install-wide. */
export interface SysAppVersionTable {
  /** The app key (the original client sends 'E0CC280'). */
  id: string;
  appTitle: string | null;
  appLogo: string | null;
  carouselImgJson: string | null;
  routeImgJson: string | null;
  appVersion: string;
  versionNum: number | null;
  downloadUrl: string;
  wgtUrl: string | null;
  webDownloadUrl: string | null;
  updateNote: string | null;
  sysOrgCode: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface AppVersionTables {
  sysAppVersion: SysAppVersionTable;
}
