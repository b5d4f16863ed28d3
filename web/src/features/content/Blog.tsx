import { Link } from 'react-router';
import { ApiError } from '@/api/errors';
import { CardLink } from '@/components/CardLink';
import { PagedGrid, pageHref, usePage } from '@/components/PagedGrid';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { BlogCover } from './BlogCover';
import { useBlog, usePost } from './queries';
import './content.css';
import { NoticeCard } from '@/components/NoticeCard';

/** /blog: cards with picture, title, summary and date, with paging. */
export function BlogList() {
  const { t, i18n } = useTranslation();
  const page = usePage();
  const blog = useBlog(page);
  useTitle(t('community.blog.title'));
  return (
    <div data-testid="blog">
      <h1 className="h3 mb-3">{t('community.blog.title')}</h1>
      <PagedGrid
        query={blog}
        page={page}
        hrefFor={(p) => pageHref('/blog', p)}
        label={t('community.blog.title')}
        itemKey={(post) => post.slug}
        gridClassName="blog-grid"
        skeletons={6}
        skeleton={
          <div className="addme-card blog-card" aria-hidden="true">
            <div className="blog-card-cover skeleton-line rounded-0" style={{ height: 'auto' }} />
            <div className="p-3">
              <div className="skeleton-line mb-2" style={{ width: '75%', height: '1.2rem' }} />
              <div className="skeleton-line mb-3" style={{ width: '35%' }} />
              <div className="skeleton-line" style={{ width: '90%' }} />
            </div>
          </div>
        }
        empty={<p className="addme-card p-4 text-center">{t('community.blog.empty')}</p>}
        renderItem={(post) => (
          <article className="addme-card blog-card" data-testid="blog-card">
            {post.picture_url ? (
              <img src={post.picture_url} alt="" loading="lazy" />
            ) : (
              <BlogCover title={post.title} className="blog-card-cover" />
            )}
            <div className="p-3">
              <h2 className="h5">
                <CardLink to={`/blog/${encodeURIComponent(post.slug)}`} className="blog-card-title">
                  {post.title}
                </CardLink>
              </h2>
              <p className="small text-body-secondary mb-2">
                <time dateTime={post.published_at}>
                  {formatDate(post.published_at, i18n.language)}
                </time>
              </p>
              <p className="mb-0">{post.summary}</p>
            </div>
          </article>
        )}
      />
    </div>
  );
}

/** /blog/:slug */
export function BlogPost({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const post = usePost(slug);
  useTitle(post.data?.title ?? t('community.blog.title'));
  if (post.isPending) return <p role="status">{t('listings.loading')}</p>;
  if (post.isError) {
    if (post.error instanceof ApiError && post.error.status === 404) {
      return (
        <NoticeCard
          text={t('community.blog.notFound')}
          to="/blog"
          linkText={t('community.blog.back')}
          heading
        />
      );
    }
    throw post.error;
  }
  const p = post.data;
  return (
    <article className="mx-auto" style={{ maxWidth: 820 }} data-testid="blog-post">
      <Link to="/blog" className="small">
        ← {t('community.blog.back')}
      </Link>
      <h1 className="h2 mt-2">{p.title}</h1>
      <p className="text-body-secondary">
        <time dateTime={p.published_at}>{formatDate(p.published_at, i18n.language)}</time>
      </p>
      {p.picture_url ? (
        <img src={p.picture_url} alt="" className="img-fluid rounded mb-4" />
      ) : (
        <BlogCover title={p.title} className="blog-post-cover rounded mb-4" />
      )}
      <div
        className="blog-body"
        // body_html is Markdown rendered AND sanitized on the server with nh3 (content/markdown.py);
        // this is the only place the app renders server HTML (security.md).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized blog body.
        dangerouslySetInnerHTML={{ __html: p.body_html }}
      />
    </article>
  );
}
