import { describe, expect, it } from 'vitest';
import { MANAGED_FILE_TYPES, managedFileTypeFacts } from '../../../contract/files';
import fileAccessEn from '../../../i18n/fileAccess.en';
import fileAccessVi from '../../../i18n/fileAccess.vi';
import { fileTypeKey } from '../../../src/resources/accessibleFiles/own/fileFacts';
import { MANAGED_FILE_ACCEPT, uploadProblem } from '../../../src/resources/accessibleFiles/staff/uploadRules';

const lookUp = (catalogue: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);

describe('managed file types, written once in the contract', () => {
  it('names every managed type to a reader in English and Vietnamese', () => {
    for (const type of MANAGED_FILE_TYPES) {
      const key = fileTypeKey(type);
      expect(key).not.toBe('fileAccess.types.other');
      expect(typeof lookUp(fileAccessEn, key)).toBe('string');
      expect(typeof lookUp(fileAccessVi, key)).toBe('string');
    }
  });

  it('calls an unknown type, or a key of Object.prototype, just "File"', () => {
    for (const type of ['application/zip', 'toString', '__proto__', 'constructor', '']) {
      expect(managedFileTypeFacts(type)).toBeUndefined();
      expect(fileTypeKey(type)).toBe('fileAccess.types.other');
    }
  });

  it('lets the file input offer every type and its extensions', () => {
    const accepted = MANAGED_FILE_ACCEPT.split(',');
    expect(accepted).toEqual(expect.arrayContaining([...MANAGED_FILE_TYPES, '.pdf', '.jpeg', '.jpg', '.docx', '.xlsx', '.csv']));
  });

  it('holds back only a file neither typed nor named like a managed one', () => {
    expect(uploadProblem({ name: 'report.csv', type: 'application/vnd.ms-excel', size: 10 })).toBeNull();
    expect(uploadProblem({ name: 'scan', type: 'application/pdf', size: 10 })).toBeNull();
    expect(uploadProblem({ name: 'tool.exe', type: 'toString', size: 10 })).toBe('wrongType');
    expect(uploadProblem({ name: 'archive.zip', type: 'application/zip', size: 10 })).toBe('wrongType');
  });
});
