import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import {
  CONDITION_JOINS,
  CONDITIONS_PER_QUESTION_MAX,
  isConditionGroup,
  type ConditionGroup,
  type ConditionJoin,
  type FormQuestion,
  type QuestionCondition,
  type ShowCondition,
} from '../../../../contract/forms';
import {
  addedToGroup,
  canAddCondition,
  canNestGroup,
  conditionField,
  nestedGroup,
  removedAt,
  setConditionAt,
  setJoinAt,
  type ConditionPath,
} from './conditionDraft';
import { useSectionsEditing } from './FormEditorContext';
import { SingleConditionEditor } from './SingleConditionEditor';

/** What every part of one question's condition tree reads and changes. */
export interface ConditionTree {
  root: ShowCondition;
  candidates: readonly FormQuestion[];
  /** The question's `condition` error field; a part's field is `conditionField(field, path)`. */
  field: string;
  /** Replaces the whole condition; `clears` names the fields whose errors go, `focus` the part to focus next. */
  set: (next: ShowCondition | null, clears: string[], focus?: ConditionPath) => void;
  /** A new single condition, on the latest question it may look at. */
  blank: () => QuestionCondition;
}

/** The condition at `path`: a single one, or a group. */
export function ConditionNode({ tree, node, path }: { tree: ConditionTree; node: ShowCondition; path: ConditionPath }) {
  if (isConditionGroup(node)) return <ConditionGroupEditor tree={tree} group={node} path={path} />;
  const field = conditionField(tree.field, path);
  return (
    <SingleConditionEditor
      condition={node}
      candidates={tree.candidates}
      field={field}
      onChange={(condition) => tree.set(setConditionAt(tree.root, path, condition), [field])}
      // Positions after it shift: their errors no longer name the right inputs.
      onRemove={() => tree.set(removedAt(tree.root, path), [tree.field], path.slice(0, -1))}
    />
  );
}

/** A group: "all of these" (and) or "any of these" (or), its conditions and groups, and buttons to add more within the limits. */
function ConditionGroupEditor({ tree, group, path }: { tree: ConditionTree; group: ConditionGroup; path: ConditionPath }) {
  const translate = useTranslate();
  const { readOnly, errorText } = useSectionsEditing();
  const field = conditionField(tree.field, path);
  const groupError = errorText(field) ?? errorText(`${field}.conditions`) ?? errorText(`${field}.join`);
  const canAdd = canAddCondition(tree.root);
  const canNest = canNestGroup(tree.root, path);
  const added = [...path, group.conditions.length];
  return (
    <Box
      role="group"
      aria-label={translate('formConditions.group.label')}
      data-testid="condition-group"
      data-field={field}
      sx={{ pl: path.length ? 1.5 : 0, borderLeft: path.length ? 2 : 0, borderColor: 'divider' }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={translate('formConditions.group.join')}
            value={group.join}
            disabled={readOnly}
            onChange={(event) => tree.set(setJoinAt(tree.root, path, event.target.value as ConditionJoin), [`${field}.join`])}
            sx={{ minWidth: 220 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'condition-join' } as object } }}
          >
            {CONDITION_JOINS.map((join) => (
              <MenuItem key={join} value={join}>
                {translate(`formConditions.group.${join}`)}
              </MenuItem>
            ))}
          </TextField>
          {!readOnly && path.length > 0 && (
            <IconButton
              aria-label={translate('formBuilder.condition.remove')}
              onClick={() => tree.set(removedAt(tree.root, path), [tree.field], path.slice(0, -1))}
              data-testid="condition-group-remove"
            >
              <Close fontSize="small" />
            </IconButton>
          )}
        </Stack>
        {groupError && <FormHelperText error>{groupError}</FormHelperText>}
        {group.conditions.map((inner, index) => (
          // Conditions have no identity of their own; a removal moves the later ones up, and their inputs with them.
          <ConditionNode key={index} tree={tree} node={inner} path={[...path, index]} />
        ))}
        {!readOnly && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              size="small"
              disabled={!canAdd}
              onClick={() => tree.set(addedToGroup(tree.root, path, tree.blank()), [`${field}.conditions`], added)}
              data-testid="condition-add"
            >
              {translate('formConditions.group.addCondition')}
            </Button>
            <Button
              size="small"
              disabled={!canNest}
              onClick={() => tree.set(addedToGroup(tree.root, path, nestedGroup(group, tree.blank())), [`${field}.conditions`], [...added, 0])}
              data-testid="condition-add-group"
            >
              {translate('formConditions.group.addGroup')}
            </Button>
            {(!canAdd || !canNest) && (
              <FormHelperText sx={{ m: 0 }}>{translate('formConditions.group.atLimit', { count: CONDITIONS_PER_QUESTION_MAX })}</FormHelperText>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
