import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslate } from 'react-admin';
import { QUESTION_TYPES, type QuestionType } from '../../../../contract/forms';

/** "Add question" and the type to add: a group's children may be of every type but group (one level). */
export function AddQuestionMenu({ inGroup = false, onAdd }: { inGroup?: boolean; onAdd: (type: QuestionType) => void }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const types = inGroup ? QUESTION_TYPES.filter((type) => type !== 'group') : QUESTION_TYPES;
  return (
    <>
      <Button
        size="small"
        startIcon={<Add />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid={inGroup ? 'add-child-question' : 'add-question'}
      >
        {translate(inGroup ? 'formBuilder.questions.addToGroup' : 'formBuilder.questions.add')}
      </Button>
      {/* Focus goes to the new question's label, not back to this button. */}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} disableRestoreFocus>
        {types.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              onAdd(type);
            }}
            data-testid={`add-question-${type}`}
          >
            {translate(`formBuilder.types.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
