/**
 * Turns one raw frame of a signed-in socket into a use case call, and every refusal into an error frame on that
 * same socket (docs/api.md, WebSocket: 400 for bad frames, socket stays open). Pure of sockets: it returns the direct
 * answer; use cases publish what all of a member's sockets must see through the hub.
 */

import type { z } from 'zod';
import { CLIENT_ACTIONS, type ServerFrame } from '#protocol/chat.ts';
// `chart` is the wire's word for a message (the action string); inside the server it is a message.
import { blockFrame, chartFrame as messageFrame, readFrame } from '#protocol/chat-schemas.ts';
import { Code } from '#protocol/codes.ts';
import { transMessageFrame, transPreviewSchema, transTextFrame } from '#protocol/translation-schemas.ts';
import type { AppContext } from '../context.ts';
import { DomainError, invalid } from '../domain/errors.ts';
import * as chat from '../modules/chat/chat.service.ts';
import * as translate from '../modules/translate/translate.service.ts';
import { codeOf, parseInput } from '../plugins/errors.ts';

type Action = (typeof CLIENT_ACTIONS)[number];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function errorFrame(action: string | undefined, code: number, message: string, data?: unknown): ServerFrame {
  const frame: ServerFrame = { code, message };
  if (action !== undefined) frame.action = action;
  if (data !== undefined) frame.data = data;
  return frame;
}

function parseData<S extends z.ZodType>(action: string, schema: S, data: unknown): z.output<S> {
  if (!isObject(data)) throw invalid(`${action}: data must be an object`);
  return parseInput(schema, data);
}

async function dispatch(
  ctx: AppContext,
  userId: number,
  action: Action,
  data: unknown,
): Promise<ServerFrame | undefined> {
  switch (action) {
    case 'ping':
      return { action: 'pong', code: Code.ok, data: null };
    case 'chart':
      await chat.sendChart(ctx, userId, parseData(action, messageFrame, data));
      return undefined;
    case 'read':
      await chat.markRead(ctx, userId, parseData(action, readFrame, data).senderId);
      return undefined;
    case 'block': {
      const { receiverId, block } = parseData(action, blockFrame, data);
      await chat.setBlock(ctx, userId, receiverId, block);
      return undefined;
    }
    case 'unreadAll':
      return { action: 'unreadAll', code: Code.ok, data: await chat.unreadTotal(ctx, userId) };
    case 'trans':
      return {
        action,
        code: Code.ok,
        data: await translate.translateMessage(ctx, userId, parseData(action, transMessageFrame, data)),
      };
    case 'transPreview':
      return {
        action,
        code: Code.ok,
        data: await translate.preview(ctx, userId, parseData(action, transPreviewSchema(data), data)),
      };
    case 'transText':
      return {
        action,
        code: Code.ok,
        data: await translate.translateDraft(ctx, userId, parseData(action, transTextFrame, data)),
      };
  }
}

export interface Refusal {
  code: number;
  message: string;
}

/**
 * Handles one frame's text; answers the frame for this socket only, or undefined. A `refusal` (rate limit, size)
 * is answered instead of running the action, naming the action and clientId when the frame says them, so the
 * client can fail the right bubble. Never throws: an unexpected failure is logged and answered 500 'error'.
 */
export async function routeFrame(
  ctx: AppContext,
  userId: number,
  text: string,
  refusal?: Refusal,
): Promise<ServerFrame | undefined> {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    if (refusal) return errorFrame(undefined, refusal.code, refusal.message);
    return errorFrame(undefined, Code.badRequest, 'A frame must be JSON like {"action": "ping", "data": {}}');
  }
  if (!isObject(frame)) {
    return errorFrame(
      undefined,
      refusal?.code ?? Code.badRequest,
      refusal?.message ?? 'A frame must be a JSON object {action, data}',
    );
  }
  const { action, data } = frame;
  // The client matches a refused message to its bubble by clientId.
  const echo =
    action === 'chart' && isObject(data) && typeof data.clientId === 'string' ? { clientId: data.clientId } : undefined;
  if (refusal)
    return errorFrame(
      typeof action === 'string' ? action.slice(0, 40) : undefined,
      refusal.code,
      refusal.message,
      echo,
    );
  if (typeof action !== 'string' || !(CLIENT_ACTIONS as readonly string[]).includes(action)) {
    const shown = typeof action === 'string' ? `'${action.slice(0, 40)}'` : String(action);
    return errorFrame(
      typeof action === 'string' ? action.slice(0, 40) : undefined,
      Code.badRequest,
      `Unknown action ${shown}: use one of ${CLIENT_ACTIONS.join(', ')}`,
    );
  }
  try {
    return await dispatch(ctx, userId, action as Action, data);
  } catch (error) {
    if (error instanceof DomainError) return errorFrame(action, codeOf(error), error.message, echo);
    ctx.log.error({ err: error, action }, 'socket frame failed');
    return errorFrame(action, Code.serverError, 'error', echo);
  }
}
