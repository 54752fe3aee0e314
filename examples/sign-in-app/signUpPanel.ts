// The sign-up form: name, email, country and mobile number. The backend checks every field and
// answers a sentence for each one that is wrong, shown at that field; the page only helps (the
// mobile number is marked needed when an EU country is chosen, and why is said beside it).
import { AppError, api } from './appApi.js'
import { COUNTRIES, needsMobile } from './countries.js'

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T

/** The form's fields, by the name the backend knows each under. */
const FIELDS = {
  fullName: 'sign-up-name',
  email: 'sign-up-email',
  country: 'sign-up-country',
  phoneNumber: 'sign-up-phone',
} as const
type Field = keyof typeof FIELDS

const PHONE_HINT = {
  eu: 'Needed in the EU: the wallet service texts a code to this number to confirm your payments. Start with the country code, like +33 6 12 34 56 78.',
  other: 'Optional here. Start with the country code, like +1 415 555 0134.',
}

/**
 * Wires the form; `onSignedUp(account)` runs once the backend made the wallet and started the
 * app's session (the account as `/api/sign-up` answered it).
 */
export function createSignUpPanel<A>(onSignedUp: (account: A) => void) {
  const form = $<HTMLFormElement>('#sign-up')
  const country = $<HTMLSelectElement>('#sign-up-country')
  const phone = $<HTMLInputElement>('#sign-up-phone')
  const submit = form.querySelector('button[type="submit"]') as HTMLButtonElement
  const formError = $<HTMLElement>('#sign-up-error')
  country.replaceChildren(
    ...COUNTRIES.map(({ code, name }) =>
      Object.assign(document.createElement('option'), { value: code, text: name }),
    ),
  )

  // The mobile number is needed in the EU: said beside the field, and the field marked required.
  function showPhoneNeed() {
    const eu = needsMobile(country.value)
    phone.required = eu
    $<HTMLElement>('#sign-up-phone-hint').textContent = eu ? PHONE_HINT.eu : PHONE_HINT.other
  }
  country.addEventListener('change', showPhoneNeed)
  showPhoneNeed()

  const input = (field: Field) => $<HTMLInputElement | HTMLSelectElement>(`#${FIELDS[field]}`)
  function showErrors(errors: Partial<Record<Field, string>>) {
    for (const field of Object.keys(FIELDS) as Field[]) {
      const said = errors[field]
      $<HTMLElement>(`#${FIELDS[field]}-error`).textContent = said ?? ''
      if (said) input(field).setAttribute('aria-invalid', 'true')
      else input(field).removeAttribute('aria-invalid')
    }
    // Focus on the first field to fix: its error is read with it (aria-describedby).
    const first = (Object.keys(FIELDS) as Field[]).find((field) => errors[field])
    if (first) input(first).focus()
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const values = Object.fromEntries(
      (Object.keys(FIELDS) as Field[]).map((field) => [field, input(field).value]),
    )
    showErrors({})
    formError.textContent = ''
    submit.disabled = true
    submit.textContent = 'Creating your wallet…'
    try {
      onSignedUp(await api<A>('/api/sign-up', values))
    } catch (error) {
      if (error instanceof AppError && Object.keys(error.fields).length > 0) showErrors(error.fields)
      else if (error instanceof AppError && error.status === 422)
        formError.textContent =
          'The wallet service did not accept these details. Check your mobile number and try again.'
      else formError.textContent = 'We could not create your wallet just now. Try again in a moment.'
    } finally {
      submit.disabled = false
      submit.textContent = 'Create my wallet'
    }
  })

  return {
    /** Shows the form (focus on its first field), or hides it. */
    show(shown: boolean) {
      form.hidden = !shown
      if (shown) input('fullName').focus()
    },
  }
}
