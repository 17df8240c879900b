import {
  QUIET_ZONE,
  qrCode,
  qrPng,
  qrSvg
} from "./chunk-OP5U2HLC.js";
import "./chunk-5ERTLZPQ.js";
import "./chunk-XE4OXN2W.js";
export {
  QUIET_ZONE,
  qrCode,
  qrPng,
  qrSvg
};
//# sourceMappingURL=share.qr-KZBXP4R6.js.map
