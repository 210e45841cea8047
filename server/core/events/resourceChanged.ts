/** A committed change to a row of a resource: lists showing it refetch, and counts of it are dropped. */
export interface ResourceChanged {
  type: 'ResourceChanged';
  resource: string;
  id: string;
  action: 'created' | 'updated' | 'deleted';
  /** Only users of this partner hear it; null means staff only. */
  partnerId?: string | null;
}
