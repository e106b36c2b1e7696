import twilio from 'twilio';

const TWILIO_API_ORIGIN = 'https://api.twilio.com';

type RequestOptions = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0];

/**
 * The SDK's own HTTP client (`httpClient` is its documented extension point), with requests for
 * api.twilio.com sent to another origin instead: TWILIO_API_BASE_URL, which tests set to the local
 * fake of the Messages API. Everything else (auth header, form encoding, error parsing) is the
 * real SDK's, so the tests exercise the code that talks to Twilio in production.
 */
export class RebasedRequestClient extends twilio.RequestClient {
  readonly #baseUrl: string;

  constructor(baseUrl: string, options: ConstructorParameters<typeof twilio.RequestClient>[0]) {
    super(options);
    this.#baseUrl = baseUrl.replace(/\/+$/, '');
  }

  override request<TData>(options: RequestOptions & { data?: TData }) {
    const uri = options.uri.startsWith(TWILIO_API_ORIGIN)
      ? this.#baseUrl + options.uri.slice(TWILIO_API_ORIGIN.length)
      : options.uri;
    return super.request<TData>({ ...options, uri });
  }
}
