import type { AppContext } from '../context';
import { sweepOrphanFiles, type FileArea } from '../files/orphanSweep';
import { managedFileArea } from './files/managedFileUploads';
import { partnerFormFileArea } from './partnerForms/partnerFormFiles';
import { attachmentArea } from './tickets/ticketFiles';
import { avatarArea } from './users/avatar';

/** Every area of the file store whose keys rows hold, each with its module's query of them. */
export const storedFileAreas = ({ db, files }: Pick<AppContext, 'db' | 'files'>): FileArea[] => [
  attachmentArea(db, files),
  avatarArea(db, files),
  managedFileArea(db, files),
  partnerFormFileArea(db, files),
];

/** Removes, in every area, the bytes over an hour old that no row holds (files/orphanSweep.ts). */
export const sweepStoredFiles = (ctx: Pick<AppContext, 'db' | 'files'>, now?: Date) => sweepOrphanFiles(storedFileAreas(ctx), now);
