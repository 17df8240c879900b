import {
  DEMO_ARTWORK_PATH,
  DEMO_FEED_OWNER,
  DEMO_FEED_PATH,
  demoArtwork,
  demoFeedXml,
  mountDemoFeed
} from "./chunk-2PCBDDGY.js";
import "./chunk-XE4OXN2W.js";
export {
  DEMO_ARTWORK_PATH,
  DEMO_FEED_OWNER,
  DEMO_FEED_PATH,
  demoArtwork,
  demoFeedXml,
  mountDemoFeed
};
//# sourceMappingURL=demo-feed-FYWK4LZT.js.map
