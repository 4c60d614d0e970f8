import type { ClassroomPost } from '@bullpen/contract/classroom-posts';
import { displayName } from '../../users/presenter.ts';
import type { AuthoredPost } from './service.ts';

/**
 * The name classmates see on a post: the author's full name, else their username; none for an
 * erased account (users/deletion.ts), which the board shows as "a former student".
 */
function authorName(author: AuthoredPost['author']): string {
  return author && !author.purgedAt ? displayName(author) : '';
}

export function presentClassroomPost({ post, author }: AuthoredPost): ClassroomPost {
  return {
    id: post.id,
    userId: post.userId,
    name: authorName(author),
    message: post.message,
    createdAt: post.createdAt.toISOString(),
  };
}
