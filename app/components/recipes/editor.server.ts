/**
 * The actions of the recipe editor (new and existing recipes): edit buttons change the draft and send
 * the form back; saving uploads a chosen image through /v1 uploads and then creates or changes the
 * recipe through the API, its field errors put back on the form's fields.
 */
import { data } from 'react-router'
import type { ApiClient } from '../../lib/api.server'
import { unauthorizedRedirect } from '../../lib/api.server'
import { failureMessages, failureStatus } from '../../lib/forms.server'
import type { Locale } from '../../lib/i18n'
import { apiBody, applyEdit, draftFromForm, formErrors, type RecipeDraft } from './draft'

export interface EditorResult {
  draft: RecipeDraft
  revision: string
  errors: Record<string, string>
  formError?: string
}

const revision = () => String(Date.now())

/** An edit (add, remove, move, detect): the draft back, with the change, status 200. */
export function editedDraft(draft: RecipeDraft): EditorResult {
  return { draft, revision: revision(), errors: {} }
}

/**
 * Handle a POST of the editor. Returns `{ edited }` for an edit button, `{ failed }` (a response to
 * return) when saving failed, or `{ saved }` with the API's answer.
 */
export async function submitEditor<T>(
  request: Request,
  form: FormData,
  client: ApiClient,
  locale: Locale,
  orgId: string,
  save: (body: Record<string, unknown>) => Promise<import('../../lib/api.server').ApiResult<T>>,
): Promise<{ edited: EditorResult } | { failed: ReturnType<typeof data<EditorResult>> } | { saved: T }> {
  const draft = draftFromForm(form)
  const intent = String(form.get('intent') ?? 'save')
  const edited = applyEdit(draft, intent)
  if (edited) return { edited: editedDraft(edited) }

  const fail = (status: number, errors: Record<string, string>, formError?: string) => ({
    failed: data<EditorResult>({ draft, revision: revision(), errors, formError }, { status, headers: client.headers() }),
  })

  let imageUploadId: string | null = draft.removeImage ? null : draft.imageUploadId || null
  const file = form.get('image')
  if (file instanceof File && file.size > 0) {
    const upload = new FormData()
    upload.append('file', file, file.name)
    const uploaded = await client.upload<{ id: string }>(`/v1/orgs/${orgId}/uploads`, upload)
    if (!uploaded.ok) {
      if (uploaded.error.name === 'UnauthorizedError') throw unauthorizedRedirect(request, client.headers())
      const failure = failureMessages(uploaded.error, locale, ['file'])
      return fail(failureStatus(uploaded.error), { imageUploadId: failure.fieldErrors.file ?? failure.formError ?? '' })
    }
    imageUploadId = uploaded.data.id
    draft.imageUploadId = imageUploadId
  }

  const { body, ingredientIndex, stepIndex } = apiBody(draft)
  const result = await save({ ...body, imageUploadId })
  if (result.ok) return { saved: result.data }
  if (result.error.name === 'UnauthorizedError') throw unauthorizedRedirect(request, client.headers())
  const fields = result.error.name === 'ValidationError' ? formErrors(result.error.data ?? {}, ingredientIndex, stepIndex) : {}
  const failure = failureMessages(result.error, locale, [])
  return fail(failureStatus(result.error), fields, result.error.name === 'ValidationError' ? (Object.keys(fields).length ? undefined : failure.formError) : failure.formError)
}
