import { ABOUT_SECTIONS, aboutPath, assetUrl, getRuntimeConfig } from '@wenrun/shared';
import { OfficialAccountCode } from './OfficialAccountCode';
import './footer.css';

/** docs/SPEC.md §1, §2: about us, contact us, official accounts, course consultation. */
export function Footer() {
  const { contact, officialAccounts } = getRuntimeConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <nav className="site-footer__column" aria-labelledby="footer-about">
          <h2 id="footer-about">关于我们</h2>
          <ul>
            {ABOUT_SECTIONS.map((section) => (
              <li key={section.key}>
                <a href={aboutPath(section.key)} target="_blank" rel="noopener">
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section className="site-footer__column" aria-labelledby="footer-contact">
          <h2 id="footer-contact">联系我们</h2>
          <dl className="site-footer__contact">
            <dt>服务热线</dt>
            <dd>{contact.hotline}</dd>
            <dt>电子邮箱</dt>
            <dd>{contact.email}</dd>
            <dt>联系地址</dt>
            <dd>{contact.address}</dd>
          </dl>
        </section>
        <section className="site-footer__column" aria-labelledby="footer-accounts">
          <h2 id="footer-accounts">官方公众号</h2>
          <ul className="site-footer__accounts">
            {officialAccounts.map((account) => (
              <li key={account.url}>
                <OfficialAccountCode account={account} />
              </li>
            ))}
          </ul>
        </section>
        <section className="site-footer__column" aria-labelledby="footer-consult">
          <h2 id="footer-consult">课程咨询</h2>
          <img
            className="site-footer__consult"
            src={assetUrl('/images/consult.svg')}
            alt="课程咨询：扫码添加课程顾问"
            width={120}
            height={120}
            loading="lazy"
          />
        </section>
      </div>
      <div className="site-footer__legal">
        <span>© {new Date().getFullYear()} {contact.company}</span>
        <span>{contact.icp}</span>
      </div>
    </footer>
  );
}
