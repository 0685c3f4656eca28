export { displayName, imageUrl, isImagePath, splitPaths, staticPath } from './paths';
export { saveBlob } from './saveBlob';
export { readUploadAnswer, UNKNOWN_ERROR, UPLOAD_ACTION, uploadFile, type UploadOptions, type UploadOutcome } from './upload';
export { downloadStored } from './download';
