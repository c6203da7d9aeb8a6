/** The non-affiliation and trademark notices every page footer of a third-party EVE tool carries. */
export function LegalNotice() {
  return (
    <div className="legal">
      <p>J-Space Toolbox is a fan project. It is not affiliated with, endorsed by or sponsored by CCP Games.</p>
      <p>
        EVE Online, the EVE logo and all related names are trademarks or registered trademarks of CCP hf. in Iceland and other countries. All other trademarks
        are the property of their respective owners.
      </p>
    </div>
  )
}
