/*
 * What happy-dom does not have and a browser always does, given the smallest honest shape so the
 * real components run: a FontFaceSet at `document.fonts` (Mantine's autosizing Textarea listens to
 * it for fonts that finish loading; none ever load here, as no CSS or font file is fetched).
 */
if (!('fonts' in document) || !document.fonts) {
  class FontFaceSetGap extends EventTarget {
    readonly status = 'loaded';
    readonly ready: Promise<this> = Promise.resolve(this);
    readonly #faces = new Set<FontFace>();
    add(face: FontFace) {
      this.#faces.add(face);
      return this;
    }
    delete(face: FontFace) {
      return this.#faces.delete(face);
    }
    has(face: FontFace) {
      return this.#faces.has(face);
    }
    check() {
      return true;
    }
    load() {
      return Promise.resolve([]);
    }
  }
  Object.defineProperty(document, 'fonts', { value: new FontFaceSetGap(), configurable: true });
}

/*
 * A fresh browser has not been allowed the device's position: happy-dom's Permissions answer
 * "granted" to every query and its `navigator.geolocation` is null, so a screen that reads the
 * position at once when allowed (lib/use-current-position.ts) would wait forever. The position
 * permission reads "prompt" here, as in the browser tests' Chromium.
 */
if (typeof navigator.permissions?.query === 'function') {
  const query = navigator.permissions.query.bind(navigator.permissions);
  navigator.permissions.query = async (descriptor: PermissionDescriptor) => {
    const status = await query(descriptor);
    if (descriptor.name === 'geolocation') Object.defineProperty(status, 'state', { value: 'prompt', configurable: true });
    return status;
  };
}
