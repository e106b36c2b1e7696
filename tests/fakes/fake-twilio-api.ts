import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import {
  type FakeTwilioMessage,
  type FakeTwilioRequest,
  messageJson,
  readBody,
  sendError,
  sendJson,
  type TwilioFailure,
} from './fake-twilio-http.js';

export type { FakeTwilioMessage, FakeTwilioRequest, TwilioFailure };

const E164 = /^\+[1-9]\d{6,14}$/;

function newSid(prefix: string): string {
  return prefix + randomBytes(16).toString('hex');
}

/**
 * A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{Sid}/Messages.json,
 * form-encoded, HTTP Basic auth, answers in Twilio's JSON shape) that the real Twilio SDK talks
 * to once TWILIO_API_BASE_URL points here. It records what was sent, fails on demand, and posts
 * status callbacks signed exactly as Twilio signs them.
 */
export async function startFakeTwilioApi(options: { authToken: string; accountSid?: string }) {
  const sent: FakeTwilioMessage[] = [];
  const requests: FakeTwilioRequest[] = [];
  /** When each accepted message arrived (performance.now()), in the order of `sent`. */
  const sentAt: number[] = [];
  const failingNumbers = new Map<string, TwilioFailure>();
  let whatsAppFailure: TwilioFailure | null = null;
  let nextFailures: TwilioFailure[] = [];
  let dropsLeft = 0;

  const isAuthorised = (request: IncomingMessage, accountSid: string) => {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Basic' || !encoded) return false;
    const [user, ...rest] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
    const isKnownAccount = options.accountSid === undefined || user === options.accountSid;
    return isKnownAccount && user === accountSid && rest.join(':') === options.authToken;
  };

  const failureFor = (params: Record<string, string>): TwilioFailure | undefined => {
    const to = params.To ?? '';
    const number = to.replace(/^whatsapp:/, '');
    const queued = nextFailures.shift();
    if (queued) return queued;
    // 63016 refuses free text outside the 24-hour window; an approved template is allowed.
    const isTemplateAllowed = params.ContentSid !== undefined && whatsAppFailure?.code === 63016;
    if (to.startsWith('whatsapp:') && whatsAppFailure && !isTemplateAllowed) return whatsAppFailure;
    const forNumber = failingNumbers.get(number);
    if (forNumber) return forNumber;
    if (!params.Body && !params.ContentSid) {
      return { status: 400, code: 21602, message: 'Message body is required.' };
    }
    if (!params.From && !params.MessagingServiceSid) {
      return { status: 400, code: 21603, message: "A 'From' phone number is required." };
    }
    if (!E164.test(number)) {
      return {
        status: 400,
        code: 21211,
        message: `The 'To' number ${number} is not a valid phone number.`,
      };
    }
    return undefined;
  };

  const createMessage = async (
    request: IncomingMessage,
    response: ServerResponse,
    accountSid: string,
  ) => {
    const params = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const record = (outcome: FakeTwilioRequest['outcome']) =>
      requests.push({ accountSid, params, outcome });
    if (dropsLeft > 0) {
      dropsLeft -= 1;
      record('dropped');
      request.socket.destroy();
      return;
    }
    if (!isAuthorised(request, accountSid)) {
      record(401);
      sendError(response, { status: 401, code: 20003, message: 'Authenticate' });
      return;
    }
    const failure = failureFor(params);
    if (failure) {
      record(failure.status);
      sendError(response, failure);
      return;
    }
    const message: FakeTwilioMessage = {
      sid: newSid('SM'),
      accountSid,
      channel: params.To?.startsWith('whatsapp:') ? 'whatsapp' : 'sms',
      to: params.To ?? '',
      from: params.From ?? null,
      messagingServiceSid: params.MessagingServiceSid ?? null,
      body: params.Body ?? '',
      contentSid: params.ContentSid ?? null,
      contentVariables: params.ContentVariables ?? null,
      statusCallback: params.StatusCallback ?? null,
    };
    sent.push(message);
    sentAt.push(performance.now());
    record(201);
    sendJson(response, 201, messageJson(message));
  };

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})\/Messages\.json$/.exec(path);
    if (request.method === 'POST' && match?.[1]) {
      createMessage(request, response, match[1]).catch(() => {
        if (!response.headersSent) sendError(response, { status: 500, code: 20500 });
      });
      return;
    }
    sendError(response, {
      status: 404,
      code: 20404,
      message: 'The requested resource was not found',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const callbackParams = (sid: string, status: string, extra: { errorCode?: number }) => {
    const message = sent.find((candidate) => candidate.sid === sid);
    if (!message) throw new Error(`fake Twilio sent no message ${sid}`);
    if (!message.statusCallback) throw new Error(`message ${sid} was sent without StatusCallback`);
    const params: Record<string, string> = {
      AccountSid: message.accountSid,
      ApiVersion: '2010-04-01',
      From: message.from ?? '',
      MessageSid: sid,
      MessageStatus: status,
      SmsSid: sid,
      SmsStatus: status,
      To: message.to,
    };
    if (message.messagingServiceSid) params.MessagingServiceSid = message.messagingServiceSid;
    if (extra.errorCode !== undefined) params.ErrorCode = String(extra.errorCode);
    return { url: message.statusCallback, params };
  };

  const post = async (url: string, params: Record<string, string>, signature: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature,
        'user-agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(params).toString(),
    });
    return { status: response.status, body: await response.text() };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    /** Messages the fake accepted, in order. */
    sent,
    sentAt,
    /** Every create request, accepted or not. */
    requests,
    /** Fail every WhatsApp send (by default 400/63016, outside the 24-hour window) until cleared. */
    failWhatsApp(failure: Partial<TwilioFailure> | null = {}) {
      whatsAppFailure = failure && {
        status: failure.status ?? 400,
        code: failure.code ?? 63016,
        message:
          failure.message ??
          'Failed to send freeform message because you are outside the allowed window.',
      };
    },
    /** Fail the next `count` sends of any channel (e.g. 429 or 500). */
    failNext(failure: TwilioFailure, count = 1) {
      nextFailures = [...nextFailures, ...Array.from({ length: count }, () => failure)];
    },
    /** Fail every send to this E.164 number, on either channel (by default 400/21211). */
    failTo(number: string, failure: TwilioFailure = { status: 400, code: 21211 }) {
      failingNumbers.set(number, failure);
    },
    /** Cut the connection of the next `count` requests without answering. */
    dropNext(count = 1) {
      dropsLeft += count;
    },
    /** Post a status callback for a sent message, signed with the auth token as Twilio signs it. */
    postStatusCallback(sid: string, status: string, extra: { errorCode?: number } = {}) {
      const { url, params } = callbackParams(sid, status, extra);
      return post(url, params, twilio.getExpectedTwilioSignature(options.authToken, url, params));
    },
    /** The same callback signed with the wrong key: the app must refuse it. */
    postForgedCallback(sid: string, status: string, extra: { errorCode?: number } = {}) {
      const { url, params } = callbackParams(sid, status, extra);
      return post(
        url,
        params,
        twilio.getExpectedTwilioSignature('not-the-auth-token', url, params),
      );
    },
    /** What postStatusCallback would send, for tests that inject it without HTTP. */
    signedStatusCallback(sid: string, status: string, extra: { errorCode?: number } = {}) {
      const { url, params } = callbackParams(sid, status, extra);
      return {
        url,
        params,
        signature: twilio.getExpectedTwilioSignature(options.authToken, url, params),
      };
    },
    reset() {
      sent.length = 0;
      requests.length = 0;
      failingNumbers.clear();
      whatsAppFailure = null;
      nextFailures = [];
      dropsLeft = 0;
    },
    stop() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

export type FakeTwilioApi = Awaited<ReturnType<typeof startFakeTwilioApi>>;
