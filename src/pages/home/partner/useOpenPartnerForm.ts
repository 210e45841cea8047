import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { partnerFormSectionRoute, partnerFormsRoute } from '../../../../contract/forms';
import { firstUnfinishedSectionOf } from '../../../resources/ownPartnerForms/firstUnfinishedSection';

/**
 * Opens a partner form as the forms list does, at its first unfinished section. The link's own address is the list of
 * forms (a partner form has no route of its own), where a failed lookup also lands.
 */
export function useOpenPartnerForm() {
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  const open = async (event: MouseEvent, partnerFormId: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpening(partnerFormId);
    try {
      const sectionKey = await firstUnfinishedSectionOf(partnerFormId);
      navigate(sectionKey ? partnerFormSectionRoute(partnerFormId, sectionKey) : partnerFormsRoute);
    } catch {
      navigate(partnerFormsRoute);
    } finally {
      setOpening(null);
    }
  };
  return { opening, open };
}
