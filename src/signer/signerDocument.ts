// The signer document's module (dist/signer-document/signer.js): everything it runs is bundled
// into this one file, pinned by the integrity the document's script tag carries.
import { startSigner } from './startSigner.js'

void startSigner()
