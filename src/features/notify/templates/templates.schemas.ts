import { Type, type Static } from 'typebox';
import { ResourceFields } from '../../../http/resource.js';
import { MAX_HTML_LENGTH, MAX_SUBJECT_LENGTH, Variables } from '../messages/messages.schemas.js';

const fields = {
  name: Type.String({ minLength: 1, maxLength: 200, description: 'Your name for the template.', examples: ['Order shipped'] }),
  subject: Type.String({
    format: 'single-line',
    minLength: 1,
    maxLength: MAX_SUBJECT_LENGTH,
    description: 'Subject line; may use {{ variables }}.',
    examples: ['Your order {{ order.id }} has shipped'],
  }),
  htmlContent: Type.String({
    minLength: 1,
    maxLength: MAX_HTML_LENGTH,
    description:
      'HTML body in Handlebars, or an MJML document (starting with `<mjml>`), compiled to HTML when saved (its errors a 400 with line and column). `{{ name }}` inserts a variable HTML-escaped, `{{{ name }}}` inserts it as it is; dotted paths reach into objects; `{{#each}}`, `{{#if}}`/`{{else}}`, `{{#unless}}`, `{{#with}}`, `lookup`, and formatDate, formatNumber, formatCurrency with a locale. A syntax error is a 400 naming line and column.',
    examples: ['<p>Hello {{ firstName }}, order {{ order.id }} is on its way.</p>'],
  }),
  textContent: Type.Union([Type.String({ minLength: 1, maxLength: MAX_HTML_LENGTH }), Type.Null()], {
    description: 'Plain-text body with the same variables; null or absent: derived from the rendered HTML.',
    examples: ['Hello {{ firstName }}, order {{ order.id }} is on its way.'],
  }),
  isLayout: Type.Boolean({
    description:
      'A layout: header, footer and styles that other templates share, its htmlContent with a `{{{ body }}}` placeholder where their HTML goes. Default false.',
  }),
  inlineCss: Type.Boolean({
    description:
      "true: the rules of the rendered HTML's `<style>` blocks (its layout's included) are written into the elements' `style` attributes at every send. Default false.",
  }),
  layoutId: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()], {
    description: "The id of one of the account's layouts that wraps this template's HTML at every send; null or absent: none.",
  }),
};

export const CreateTemplateBody = Type.Object(
  {
    name: fields.name,
    subject: fields.subject,
    htmlContent: fields.htmlContent,
    textContent: Type.Optional(fields.textContent),
    isLayout: Type.Optional(fields.isLayout),
    layoutId: Type.Optional(fields.layoutId),
    inlineCss: Type.Optional(fields.inlineCss),
  },
  { examples: [{ name: 'Order shipped', subject: 'Your order {{ order.id }} has shipped', htmlContent: '<p>Hello {{ firstName }}</p>' }] },
);
export type CreateTemplateBody = Static<typeof CreateTemplateBody>;

/** PUT replaces the template: the same fields as creating one. */
export const ReplaceTemplateBody = CreateTemplateBody;
export type ReplaceTemplateBody = CreateTemplateBody;

export const PatchTemplateBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    subject: Type.Optional(fields.subject),
    htmlContent: Type.Optional(fields.htmlContent),
    textContent: Type.Optional(fields.textContent),
    isLayout: Type.Optional(fields.isLayout),
    layoutId: Type.Optional(fields.layoutId),
    inlineCss: Type.Optional(fields.inlineCss),
  },
  { minProperties: 1, examples: [{ subject: 'Shipped: order {{ order.id }}' }] },
);
export type PatchTemplateBody = Static<typeof PatchTemplateBody>;

export const Template = Type.Object({
  ...ResourceFields,
  customerId: Type.String(),
  name: Type.String(),
  subject: Type.String(),
  htmlContent: Type.String(),
  textContent: Type.Union([Type.String(), Type.Null()]),
  isLayout: Type.Boolean(),
  layoutId: Type.Union([Type.String(), Type.Null()]),
  inlineCss: Type.Boolean(),
  mjmlContent: Type.Union([Type.String(), Type.Null()], {
    description: 'The MJML the template was saved as (htmlContent is then the HTML compiled from it); null: written in HTML.',
  }),
  variables: Type.Array(Type.String(), { description: 'The variables the template uses; a send must give each of them in `params`.' }),
});
export type Template = Static<typeof Template>;

const previewFields = {
  params: Type.Optional(Variables('Sample values for the placeholders, as `params` of POST /notify/v1/send gives them.')),
  allowMissing: Type.Optional(
    Type.Boolean({
      description: 'true: variables the sample lacks render as nothing (listed in `missingVariables`) instead of the 400 a send answers. Default false.',
    }),
  ),
};

/** A stored template rendered with sample values (POST /notify/v1/templates/{id}/render). */
export const RenderStoredTemplateBody = Type.Object(previewFields, {
  examples: [{ params: { firstName: 'Ann', order: { id: 'A-1001' } }, allowMissing: true }],
});
export type RenderStoredTemplateBody = Static<typeof RenderStoredTemplateBody>;

/** A template as it stands in an editor, not stored: rendered with `params` as a send would render it. */
export const RenderTemplateBody = Type.Object(
  {
    subject: fields.subject,
    htmlContent: fields.htmlContent,
    textContent: Type.Optional(fields.textContent),
    layoutId: Type.Optional(fields.layoutId),
    inlineCss: Type.Optional(fields.inlineCss),
    ...previewFields,
  },
  {
    examples: [
      { subject: 'Your order {{ order.id }} has shipped', htmlContent: '<p>Hello {{ firstName }}</p>', params: { firstName: 'Ann', order: { id: 'A-1001' } } },
    ],
  },
);
export type RenderTemplateBody = Static<typeof RenderTemplateBody>;

export const RenderedTemplate = Type.Object({
  subject: Type.String({ description: 'The subject with its placeholders filled.' }),
  htmlContent: Type.String({ description: 'The HTML with its placeholders filled, values HTML-escaped unless tripled.' }),
  textContent: Type.Union([Type.String(), Type.Null()], {
    description: 'The text with its placeholders filled; null when none was given (a send then derives the text part from the HTML).',
  }),
  text: Type.String({ description: 'The text part a send would compose: `textContent` filled, or else derived from the HTML.' }),
  missingVariables: Type.Array(Type.String(), {
    description: 'Variables the template (and its layout) uses that `params` lacks, in order of first use, optional ones included.',
  }),
});
export type RenderedTemplate = Static<typeof RenderedTemplate>;
