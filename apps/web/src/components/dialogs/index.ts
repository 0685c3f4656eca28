export { ChangePasswordModal } from './ChangePasswordModal';
export { DepartSwitchModal, NO_DEPARTS } from './DepartSwitchModal';
export { DetailsModal } from './DetailsModal';
export { AnnouncementModal } from './AnnouncementModal';
export { useCloseGuard, type CloseGuard, type CloseGuardOptions } from './useCloseGuard';
