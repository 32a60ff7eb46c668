import { Unavailable } from '@/components/Unavailable';
import { isRedisUnavailable } from '@/lib/redis/errors';

/**
 * The one "Redis unavailable" boundary of the server-rendered pages: a page whose reads fail
 * because Redis is away renders <Unavailable /> (which retries by itself) instead of an error.
 * Anything else (notFound() included) goes on to Next.
 */
export function orUnavailable<Props>(
  Page: (props: Props) => Promise<React.ReactNode>,
): (props: Props) => Promise<React.ReactNode> {
  return async function PageOrUnavailable(props: Props) {
    try {
      return await Page(props);
    } catch (error) {
      if (isRedisUnavailable(error)) return <Unavailable />;
      throw error;
    }
  };
}
