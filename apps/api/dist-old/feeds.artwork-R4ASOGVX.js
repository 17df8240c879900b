import {
  FeedFetchError
} from "./chunk-UYUIJEVK.js";
import {
  __name
} from "./chunk-XE4OXN2W.js";

// src/modules/feeds/feeds.artwork.ts
import sharp from "sharp";
var ARTWORK_SIZE = 600;
var MAX_INPUT_PIXELS = 5e7;
var FORMATS = /* @__PURE__ */ new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);
async function toStoredArtwork(input) {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false });
    const meta = await image.metadata();
    if (!meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw new Error("unsupported");
    const { data, info } = await image.rotate().resize(ARTWORK_SIZE, ARTWORK_SIZE, { fit: "inside", withoutEnlargement: true }).flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    return { contentType: "image/jpeg", width: info.width, height: info.height, bytes: data };
  } catch {
    throw new FeedFetchError("not_a_feed", "The artwork is not an image we can use");
  }
}
__name(toStoredArtwork, "toStoredArtwork");
export {
  ARTWORK_SIZE,
  toStoredArtwork
};
//# sourceMappingURL=feeds.artwork-R4ASOGVX.js.map
