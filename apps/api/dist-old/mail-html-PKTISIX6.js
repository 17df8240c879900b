import {
  mailHtml
} from "./chunk-F47PHUNB.js";
import "./chunk-XE4OXN2W.js";
export {
  mailHtml
};
//# sourceMappingURL=mail-html-PKTISIX6.js.map
