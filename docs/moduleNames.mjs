// TypeDoc plugin for the site (typedoc.config.mjs). Each entry's module is named after its import
// specifier (`embedded-wallet-auth/client`, not `client/index`). And a guide's `{@link name}`
// finds an export of any entry: TypeDoc would look for the bare name only at the project's top,
// where the modules are; a name no entry exports is left alone, for TypeDoc to refuse.
import { Converter, ReflectionKind } from 'typedoc'

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (_context, reflection) => {
    if (reflection.kind !== ReflectionKind.Module) return
    const subpath = reflection.name.replace(/(^|\/)index$/, '')
    reflection.name = subpath === '' ? 'embedded-wallet-auth' : `embedded-wallet-auth/${subpath}`
  })
  // Before TypeDoc's own link resolution (priority -300).
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const { project } = context
    const documents = Object.values(project.reflections).filter((reflection) => reflection.isDocument())
    for (const parts of [project.readme ?? [], ...documents.map((document) => document.content)])
      for (const part of parts) linkToExport(project, part)
  })
}

/** Points a `{@link name}` (or `name.member`) at the export of that name, the declaration first. */
function linkToExport(project, part) {
  if (part.kind !== 'inline-tag' || !part.tag.startsWith('@link') || part.target !== undefined) return
  const [name, ...members] = part.text.trim().split(/\s|\|/)[0].split('.')
  const found = (project.children ?? [])
    .map((module) => module.getChildByName(name))
    .filter((reflection) => reflection !== undefined)
    .sort((a, b) => Number(a.kind === ReflectionKind.Reference) - Number(b.kind === ReflectionKind.Reference))
  let target = found[0]
  if (target?.kind === ReflectionKind.Reference) target = target.getTargetReflectionDeep()
  for (const member of members) target = target?.getChildByName(member)
  if (target !== undefined) part.target = target
}
