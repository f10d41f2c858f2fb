import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, isJSONRPCErrorResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Messages } from '@sv/contracts';
import { newErrorReference, type Logger } from '@sv/platform';

const redacted = (message: JSONRPCMessage, logger: Logger): JSONRPCMessage => {
  if (!isJSONRPCErrorResponse(message) || message.error.code !== ErrorCode.InternalError) return message;
  const reference = newErrorReference();
  logger.error({ reference, detail: message.error.message, data: message.error.data }, 'mcp request failed');
  return { ...message, error: { code: ErrorCode.InternalError, message: `${Messages.internalError} Reference: ${reference}.`, data: { reference } } };
};

/**
 * A handler that throws something unexpected is answered by the SDK with the error's own text
 * as an internal error (-32603). On this transport such an answer carries a generic message and
 * a reference instead; the text goes to the log line under that reference. Deliberate protocol
 * errors (unknown tool or resource, invalid params) keep their messages.
 */
export const redactInternalErrors = <T extends Pick<Transport, 'send'>>(transport: T, logger: Logger): T => {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(redacted(message, logger), options);
  return transport;
};
