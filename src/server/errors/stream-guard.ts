/**
 * Errors thrown after an HTML page started streaming cannot change its status any more. Instead
 * of cutting the connection (the visitor would see half a page and no explanation), the stream is
 * ended with the application-error sentence and the digest.
 */

const encoder = new TextEncoder();

/**
 * Wraps an HTML response so a failure while streaming its body appends `renderFragment(error)`
 * and ends the page cleanly. Other responses are returned untouched.
 */
export function guardHtmlStream(response: Response, renderFragment: (error: unknown) => string): Response {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !type.startsWith('text/html')) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
      } catch (error) {
        controller.enqueue(encoder.encode(renderFragment(error)));
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const headers = new Headers(response.headers);
  // The guarded body may be longer than what the page announced.
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
