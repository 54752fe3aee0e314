// TypeDoc plugin for the site (typedoc.config.mjs). Each entry's module is named after its import
// specifier (`embedded-wallet-auth/client`, not `client/index`). The guides are a group of their
// own, Guides (first in the navigation), in the order the start page links to them. And a guide's
// `{@link name}` finds an export of any entry: TypeDoc would look for the bare name only at the
// project's top, where the modules are; a name no entry exports is left alone, for TypeDoc to refuse.
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { Converter, ReflectionKind } from 'typedoc'

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (_context, reflection) => {
    if (reflection.kind !== ReflectionKind.Module) return
    const subpath = reflection.name.replace(/(^|\/)index$/, '')
    reflection.name = subpath === '' ? 'embedded-wallet-auth' : `embedded-wallet-auth/${subpath}`
  })
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    document.frontmatter.group ??= 'Guides'
  })
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const readme = app.options.getValue('readme')
    const { project } = context
    const order = (document) => {
      const file = project.files.getReflectionPath?.(document) ?? ''
      const at = readFileSync(readme, 'utf8').indexOf(`${basename(file)})`)
      return at === -1 ? Number.POSITIVE_INFINITY : at
    }
    const byStartPage = (a, b) => order(a) - order(b)
    project.documents?.sort(byStartPage)
    if (project.childrenIncludingDocuments !== undefined)
      project.childrenIncludingDocuments = [
        ...(project.documents ?? []),
        ...project.childrenIncludingDocuments.filter((child) => !child.isDocument()),
      ]
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
