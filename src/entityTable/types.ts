import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { RaRecord, SortPayload } from 'react-admin';
import type { Action, Resource } from '../../contract/permissions';
import type { AnySchema } from '../schemaForm/schemaErrors';

export type FormMode = 'create' | 'edit';

/** One column of the table: a field of the row, or what `render` makes of the row. */
export interface EntityColumn<T extends RaRecord> {
  source: string;
  labelKey: string;
  render?: (row: T) => ReactNode;
  /** The API can sort on this field (the header becomes a sort button). */
  sortable?: boolean;
  /** Kept off narrow screens (below 600px) where the table would need too much sideways scrolling. */
  hideOnMobile?: boolean;
  maxWidth?: number;
  /** The least width of its cells, for a column whose text would otherwise be squeezed to a word (a description). */
  minWidth?: number;
  /** A header shown as this icon (its label in the title and in text a screen reader reads), for a narrow column. */
  headerIcon?: ReactElement;
  /**
   * Its place on the card a phone shows instead of the row (below 600px): the card's title, its status, or one
   * of its facts (a "label: value" line). Columns without a place stay off the card.
   */
  card?: 'title' | 'status' | 'fact';
  /** What the card shows for this column when it differs from the cell (a chip instead of an icon). */
  renderCard?: (row: T) => ReactNode;
  /** Shown only to staff (readers tied to no partner), e.g. the partner of each row. */
  staffOnly?: boolean;
}

/** A field of the advanced-search panel; its value goes into the search body under `source`. `staffOnly`: shown to staff only. */
export type EntityFilter = { source: string; labelKey: string; staffOnly?: boolean } & (
  { kind: 'text' } | { kind: 'select'; choices: FilterChoice[] } | { kind: 'custom'; Input: ComponentType<FilterInputProps> }
);

/** A choice of a select filter; `filterValue` is what the search sends when it is not the text (e.g. a boolean). */
export interface FilterChoice {
  value: string;
  labelKey: string;
  filterValue?: unknown;
}

export interface FilterInputProps {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}

/** What a permission check names: an action on this resource's permissions, or on another resource. */
export interface ActionAccess {
  action: Action;
  resource?: Resource;
}

export interface RowActionHelpers {
  /** Reloads the list. */
  refresh: () => void;
  notify: (messageKey: string, type?: 'success' | 'info' | 'error') => void;
  navigate: (path: string) => void;
}

export interface RowActionDialogProps<T extends RaRecord> {
  record: T;
  onClose: () => void;
  /** The dialog changed the row: reload the list. */
  onChanged: () => void;
}

/**
 * An action of the row menu beside Edit and Delete. Without `access` it is always shown; `run` does it at
 * once, `Dialog` opens a dialog for the row.
 */
export interface EntityRowAction<T extends RaRecord> {
  key: string;
  labelKey: string | ((row: T) => string);
  icon?: ReactElement;
  access?: ActionAccess;
  /** Whether the action applies to this row at all (e.g. only to users with a partner). */
  appliesTo?: (row: T) => boolean;
  run?: (row: T, helpers: RowActionHelpers) => void | Promise<unknown>;
  Dialog?: ComponentType<RowActionDialogProps<T>>;
}

export interface EntityFormInputsProps {
  mode: FormMode;
}

/** The add/edit dialog: its inputs, the contract schema checked before the call, the body sent. */
export interface EntityForm<T extends RaRecord> {
  Inputs: ComponentType<EntityFormInputsProps>;
  schema: AnySchema | Record<FormMode, AnySchema>;
  /** Values the create form starts with. */
  defaults?: Partial<T> | Record<string, unknown>;
  /** The body of the call; by default the schema's fields, empty texts as null (nullable) or left out. */
  toInput?: (values: Record<string, unknown>, mode: FormMode) => Record<string, unknown>;
  /** A create that is not `POST /{res}` (users register under `/users/register`). Answers the created row. */
  create?: (input: Record<string, unknown>) => Promise<unknown>;
  /** The dialog's width: `sm` (600px, default) or `md` for forms with many fields. */
  width?: 'sm' | 'md';
}

/**
 * A resource as the generic entity table shows it: everything a screen needs is declared here, the
 * table does the rest (src/resources/<resource>/index.ts).
 */
export interface EntityResource<T extends RaRecord = RaRecord> {
  /** react-admin's resource name; the data provider maps it onto /api/v1/{path}. */
  name: string;
  /** The catalogue resource whose permissions gate every action (Create, Update, Delete, Export). */
  permissions: Resource;
  titleKey: string;
  /** The resource's name in "Create …" and "Edit …" dialog titles. */
  nameKey: string;
  /** A short line under the title. */
  descriptionKey?: string;
  columns: EntityColumn<T>[];
  /** The title of a row in dialogs (delete confirmation, roles of a user). */
  recordTitle: (row: T) => string;
  defaultSort?: SortPayload;
  /** A keyword box in the toolbar (`advancedSearch.keyword`). */
  keywordSearch?: boolean;
  /** What the keyword box says it searches (its label and placeholder), when more than the generic "Search". */
  keywordLabelKey?: string;
  /** The optional advanced-search panel's fields. */
  filters?: EntityFilter[];
  /** Filters always sent (not shown). */
  permanentFilter?: Record<string, unknown>;
  form?: EntityForm<T>;
  /** Whether rows can be added here at all (the Create permission is checked as well). Default true with a form. */
  canCreate?: boolean;
  /** Default true: the Delete action (with the Delete permission). */
  canDelete?: boolean;
  /** CSV export of the current search from GET /{res}/export, with the Export permission. */
  exportable?: boolean;
  /** The empty list's title when nothing is filtered, e.g. "No partners yet"; default a generic one. */
  emptyTitleKey?: string;
  /** Adds the select-all column (only for readers who may delete); only rows that pass are selectable. */
  canSelect?: (row: T) => boolean;
  rowActions?: EntityRowAction<T>[];
  /** The name the server announces changes under (`ResourceChanged.resource`); default the API path. */
  liveResource?: string;
}
