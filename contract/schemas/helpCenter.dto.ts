import * as yup from 'yup';
import {
  HELP_ARTICLE_STATUSES,
  HELP_AUDIENCES,
  HELP_LANGUAGES,
  type HelpArticleDto,
  type HelpArticleHitDto,
  type HelpArticleVersionDto,
  type HelpArticleViewDto,
  type HelpCategoryDto,
  type HelpInsightsDto,
  type HelpTranslation,
} from '../helpCenter';
import { count, optionalText, text, timestamp, uuid } from './dtoFields';

const translation: yup.ObjectSchema<HelpTranslation> = yup.object({ title: text(), body: text() });
const language = () => yup.string().oneOf(HELP_LANGUAGES).defined();
const optionalTimestamp = () => yup.string().datetime().nullable().defined();

export const helpArticleDtoSchema: yup.ObjectSchema<HelpArticleDto> = yup.object({
  id: uuid(),
  slug: text(),
  categoryId: yup.string().uuid().nullable().defined(),
  audience: yup.string().oneOf(HELP_AUDIENCES).defined(),
  partnerIds: yup.array(uuid()).defined(),
  status: yup.string().oneOf(HELP_ARTICLE_STATUSES).defined(),
  en: translation.nullable().defined(),
  vi: translation.nullable().defined(),
  publishedVersion: yup.number().integer().nullable().defined(),
  publishedAt: optionalTimestamp(),
  latestVersion: count(),
  helpfulYes: count(),
  helpfulNo: count(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  updatedBy: yup.string().uuid().nullable().defined(),
  version: yup.string().defined(),
});

export const helpArticleVersionDtoSchema: yup.ObjectSchema<HelpArticleVersionDto> = yup.object({
  articleId: uuid(),
  number: count(),
  en: translation.nullable().defined(),
  vi: translation.nullable().defined(),
  publishedAt: optionalTimestamp(),
  editedBy: yup.string().uuid().nullable().defined(),
  editedByName: optionalText(),
  editedAt: timestamp(),
});

export const helpArticleViewDtoSchema: yup.ObjectSchema<HelpArticleViewDto> = yup.object({
  id: uuid(),
  slug: text(),
  categoryId: yup.string().uuid().nullable().defined(),
  language: language(),
  translationMissing: yup.boolean().defined(),
  languages: yup.array(language()).defined(),
  title: text(),
  body: text(),
  publishedAt: timestamp(),
});

export const helpArticleHitDtoSchema: yup.ObjectSchema<HelpArticleHitDto> = yup.object({
  id: uuid(),
  slug: text(),
  language: language(),
  title: text(),
  snippet: text(),
  rank: yup.number().defined(),
});

export const helpCategoryDtoSchema: yup.ObjectSchema<HelpCategoryDto> = yup.object({
  id: uuid(),
  nameEn: text(),
  nameVi: text(),
  position: count(),
});

export const helpInsightsDtoSchema: yup.ObjectSchema<HelpInsightsDto> = yup.object({
  deflectedLast30Days: count(),
  deflectedTotal: count(),
  unanswered: yup.array(yup.object({ query: text(), language: language(), count: count(), lastAskedAt: timestamp() })).defined(),
  feedback: yup
    .array(
      yup.object({
        articleId: uuid(),
        slug: text(),
        title: text(),
        language: language(),
        yes: count(),
        no: count(),
        comments: yup.array(yup.object({ text: text(), at: timestamp() })).defined(),
      }),
    )
    .defined(),
});
