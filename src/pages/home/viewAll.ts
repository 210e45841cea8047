import type { DashboardList } from '../../../contract/dashboard';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The card's way to its full list: "View all (12)" when the card shows only some, else the list's name. */
export function viewAll(translate: Translate, to: string, list: DashboardList<unknown>, allKey: string) {
  return { to, label: list.total > list.items.length ? translate('dashboard.viewAll', { total: list.total }) : translate(allKey) };
}
