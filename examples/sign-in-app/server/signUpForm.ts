// The sign-up form as the backend reads it: every field checked here (the page's checks are a
// convenience, never trusted), each problem a sentence for the field it is about.
import * as z from 'zod/mini'
import { COUNTRIES, needsMobile } from '../countries.js'

/** The form's fields, by the names the page sends them under. */
export type SignUpField = 'fullName' | 'email' | 'country' | 'phoneNumber'

/** The form once valid: the mobile number in E.164 form (`+33612345678`), when given. */
export interface SignUp {
  fullName: string
  email: string
  country: string
  phoneNumber?: string
}

// Spaces, dots, dashes and brackets are how people write numbers: kept out before checking.
const withoutSeparators = (value: string) => value.replace(/[\s().-]/g, '')

const Form = z
  .object(
    {
      fullName: z
        .string('Enter your name.')
        .check(
          z.trim(),
          z.minLength(1, 'Enter your name.'),
          z.maxLength(100, 'Your name is too long: 100 characters at most.'),
        ),
      email: z.pipe(
        z.string('Enter your email address.').check(z.trim(), z.toLowerCase()),
        z.email('Enter an email address like ada@example.com.'),
      ),
      country: z.enum(
        COUNTRIES.map((country) => country.code) as [string, ...string[]],
        'Choose your country from the list.',
      ),
      phoneNumber: z.optional(
        z.pipe(
          z.pipe(z.string('Enter your mobile number.'), z.transform(withoutSeparators)),
          z
            .string()
            .check(
              z.regex(
                /^(\+[1-9]\d{6,14})?$/,
                'Enter your mobile number with its country code, like +33 6 12 34 56 78.',
              ),
            ),
        ),
      ),
      // Anything but an object (the page always sends one): said as the form not filled in.
    },
    'Fill in the form.',
  )
  .check(
    z.refine((form) => !needsMobile(form.country) || Boolean(form.phoneNumber), {
      path: ['phoneNumber'],
      message:
        'A mobile number is needed in the EU: the wallet service texts you a code to confirm payments.',
    }),
  )

/** What the page sent, valid; or a sentence for each field that is not. */
export type SignUpReading =
  | { ok: true; value: SignUp }
  | { ok: false; fields: Partial<Record<SignUpField, string>> }

/**
 * Reads the sign-up form the page posted.
 *
 * @example
 * ```ts
 * const reading = readSignUp(await readJson(req))
 * if (!reading.ok) return send(res, 400, { code: 'INVALID_INPUT', fields: reading.fields })
 * ```
 */
export function readSignUp(body: unknown): SignUpReading {
  const parsed = Form.safeParse(body)
  if (!parsed.success) {
    const fields: Partial<Record<SignUpField, string>> = {}
    for (const issue of parsed.error.issues) {
      // Not an object at all: every field is missing.
      const field = (issue.path[0] ?? 'fullName') as SignUpField
      // The first problem of a field is the one to fix first.
      fields[field] ??= issue.message
    }
    return { ok: false, fields }
  }
  const { phoneNumber, ...rest } = parsed.data
  return { ok: true, value: { ...rest, ...(phoneNumber ? { phoneNumber } : {}) } }
}
