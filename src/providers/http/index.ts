/** The browser's one transport to /api: JSON calls, uploads with progress, downloads, and saving a file. */
export { ApiError, isAbortError } from './ApiError';
export { apiRequest, type ApiRequestOptions, type ApiResult } from './httpClient';
export { apiUpload, type ApiUploadOptions, type UploadProgress } from './apiUpload';
export { apiDownload, fileNameOf, type ApiDownload, type ApiDownloadOptions } from './apiDownload';
export { saveFile } from './saveFile';
