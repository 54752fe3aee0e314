// The auth route table bites: each schema refuses the drifts the issue found (a 202 without `type`,
// a customer without its UMA address, a sealed key in a list, a passkey challenge without its
// request id) and takes the contract's own shapes.
import { describe, expect, it } from 'vitest'
import { checkResponse } from './checkResponse.js'
import { authRoutes } from './routes/authRoutes.js'

const BASE = 'http://sandbox.test/2025-10-13'
const NOW = '2026-04-08T15:30:01.000Z'
const method = {
  id: 'AuthMethod:1',
  accountId: 'InternalAccount:1',
  type: 'PASSKEY',
  nickname: 'Laptop',
  credentialId: 'KEbW',
  createdAt: NOW,
  updatedAt: NOW,
}
const challenge = { payloadToSign: '{}', requestId: 'Request:1', expiresAt: NOW }

function problems(verb: string, path: string, status: number, body: unknown): string[] {
  return checkResponse(authRoutes, {
    method: verb,
    url: `${BASE}${path}`,
    status,
    headers: new Headers(),
    body,
  }).problems
}

describe('the auth contract table', () => {
  it.each([
    ['DELETE', '/auth/sessions/Session:1', 202, { ...challenge, type: 'EMAIL_OTP' }],
    ['POST', '/auth/sessions/Session:1/refresh', 202, challenge],
    [
      'POST',
      '/auth/credentials/AuthMethod:1/challenge',
      200,
      { ...method, challenge: 'ab12', requestId: 'Request:1', expiresAt: NOW },
    ],
    [
      'PATCH',
      '/customers/Customer:1',
      200,
      { customerType: 'INDIVIDUAL', platformCustomerId: 'p', umaAddress: '$a@b.c' },
    ],
    [
      'GET',
      '/auth/sessions?accountId=InternalAccount:1',
      200,
      { data: [{ ...method, id: 'Session:1', expiresAt: NOW }] },
    ],
    ['DELETE', '/auth/delegated-keys/DelegatedKey:1', 204, undefined],
  ])('takes %s %s %i in the contract shape', (verb, path, status, body) => {
    expect(problems(verb, path, status, body)).toEqual([])
  })

  it.each([
    ['a session revoke 202 without type', 'DELETE', '/auth/sessions/Session:1', 202, challenge],
    [
      'a refresh 202 with a type',
      'POST',
      '/auth/sessions/Session:1/refresh',
      202,
      { ...challenge, type: 'EMAIL_OTP' },
    ],
    [
      'a passkey challenge without requestId',
      'POST',
      '/auth/credentials/AuthMethod:1/challenge',
      200,
      { ...method, challenge: 'ab12', expiresAt: NOW },
    ],
    [
      'a customer without umaAddress',
      'PATCH',
      '/customers/Customer:1',
      200,
      { customerType: 'INDIVIDUAL', platformCustomerId: 'p' },
    ],
    [
      'a customer showing its identifier',
      'PATCH',
      '/customers/Customer:1',
      200,
      {
        customerType: 'INDIVIDUAL',
        platformCustomerId: 'p',
        umaAddress: '$a@b.c',
        identifier: '123-45-6789',
      },
    ],
    [
      'a sealed key in a session list',
      'GET',
      '/auth/sessions?accountId=InternalAccount:1',
      200,
      { data: [{ ...method, id: 'Session:1', expiresAt: NOW, encryptedSessionSigningKey: 'x' }] },
    ],
    [
      'a credential of an unknown type',
      'GET',
      '/auth/credentials?accountId=InternalAccount:1',
      200,
      { data: [{ ...method, type: 'TOTP' }] },
    ],
    ['a body on a 204', 'DELETE', '/auth/delegated-keys/DelegatedKey:1', 204, {}],
    [
      'a status the operation does not document',
      'GET',
      '/auth/delegated-keys/DelegatedKey:1',
      409,
      { status: 409, code: 'CONFLICT', message: 'x' },
    ],
  ])('refuses %s', (_name, verb, path, status, body) => {
    expect(problems(verb, path, status, body)).not.toEqual([])
  })
})
