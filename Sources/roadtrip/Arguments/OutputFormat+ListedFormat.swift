extension OutputFormat: ListedFormat {
  var outputFormat: OutputFormat { self }
}
