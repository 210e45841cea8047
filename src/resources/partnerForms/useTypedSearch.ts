import { useEffect, useState } from 'react';

const TYPING_DEBOUNCE_MS = 300;

/**
 * A server-searched autocomplete's state: whether it is open, what is typed, and the search term once typing
 * pauses. `autocomplete` holds the props every such picker passes on (the server filters, not the list).
 */
export function useTypedSearch() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return {
    open,
    typed,
    term,
    autocomplete: {
      open,
      onOpen: () => setOpen(true),
      onClose: () => setOpen(false),
      onInputChange: (_: unknown, text: string, reason: string) => {
        if (reason === 'input' || reason === 'clear') setTyped(text);
      },
      filterOptions: <T>(all: T[]) => all,
    },
  };
}
