import { MANAGED_FILE_MAX_BYTES, MANAGED_FILE_TYPE_FACTS, MANAGED_FILE_TYPES, managedFileTypeFacts } from '../../../../contract/files';

/** The file input's accept list: the types, and their extensions for systems that type a file oddly (a .csv as Excel). */
const EXTENSIONS: readonly string[] = Object.values(MANAGED_FILE_TYPE_FACTS).flatMap((facts) => facts.extensions);
export const MANAGED_FILE_ACCEPT = [...MANAGED_FILE_TYPES, ...EXTENSIONS].join(',');

export type UploadProblem = 'tooLarge' | 'wrongType';

/**
 * Why a file is not sent at all. The server tells the type by the bytes and has the last word (415); here only
 * a file that is neither of a known type nor named like one is held back.
 */
export function uploadProblem(file: Pick<File, 'name' | 'type' | 'size'>): UploadProblem | null {
  if (file.size > MANAGED_FILE_MAX_BYTES) return 'tooLarge';
  const known = managedFileTypeFacts(file.type) !== undefined;
  const extension = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  return known || EXTENSIONS.includes(extension) ? null : 'wrongType';
}
