export { FilePopup, type FilePopupProps } from './FilePopup';
export { FileUpload, type FileUploadProps } from './FileUpload';
export { ImageUpload, type ImageUploadProps } from './ImageUpload';
export type { StoredFile } from './useUploadList';
