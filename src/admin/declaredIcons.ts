import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icons a declaration may name for its menu item (contract/resources/, `screen.icon`). */
const DECLARED_ICONS: Record<string, SvgIconComponent> = {
  business: BusinessOutlined,
  contacts: ContactsOutlined,
  people: PeopleAltOutlined,
  rule: RuleOutlined,
};

export const declaredIcon = (name: string | undefined) => (name && Object.hasOwn(DECLARED_ICONS, name) ? DECLARED_ICONS[name] : TableRowsOutlined);
