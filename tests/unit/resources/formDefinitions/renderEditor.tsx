import FormEditorPage from '../../../../src/resources/formDefinitions/editor/FormEditorPage';
import { renderWithAdmin } from '../../tickets/renderTickets';
import type { FormDto } from '../../../../contract/forms';
import type { Language } from '../../../../contract/http';

/** The editor of one form version, at its route, as the app shows it. */
export const renderEditor = (form: Pick<FormDto, 'id'>, language: Language = 'en') =>
  renderWithAdmin(<FormEditorPage />, { url: `/form-config/${form.id}`, path: '/form-config/:formId', language });
